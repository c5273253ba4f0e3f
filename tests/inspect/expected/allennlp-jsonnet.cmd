allennlp train training_config/bidaf.jsonnet -s /tmp/bidaf --include-package my_project -o '{"trainer.num_epochs": 5, "trainer.optimizer.lr": 0.0005}'
