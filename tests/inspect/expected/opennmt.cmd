onmt_train -config toy_en_de.yaml -train_steps 30000
