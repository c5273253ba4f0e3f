NUM_NODES=4 bash examples/long_context/train_llama3_8b_32k.sh /lustre/data/dclm_text_document
