// Configuration for the BiDAF reading-comprehension model on SQuAD 1.1.
local embedding_dim = 100;
local char_embedding_dim = 16;
local hidden_dim = 100;
local batch_size = 40;
local num_epochs = 20;
local learning_rate = 0.001;

{
  "dataset_reader": {
    "type": "squad",
    "token_indexers": {
      "tokens": {"type": "single_id", "lowercase_tokens": true},
      "token_characters": {"type": "characters", "min_padding_length": 5}
    }
  },
  "train_data_path": "https://allennlp.s3.amazonaws.com/datasets/squad/squad-train-v1.1.json",
  "validation_data_path": "https://allennlp.s3.amazonaws.com/datasets/squad/squad-dev-v1.1.json",
  "model": {
    "type": "bidaf",
    "text_field_embedder": {
      "token_embedders": {
        "tokens": {"type": "embedding", "embedding_dim": embedding_dim, "trainable": false},
        "token_characters": {
          "type": "character_encoding",
          "embedding": {"num_embeddings": 262, "embedding_dim": char_embedding_dim},
          "encoder": {"type": "cnn", "embedding_dim": char_embedding_dim, "num_filters": 100, "ngram_filter_sizes": [5]},
          "dropout": 0.2
        }
      }
    },
    "num_highway_layers": 2,
    "phrase_layer": {"type": "lstm", "bidirectional": true, "input_size": embedding_dim * 2, "hidden_size": hidden_dim, "num_layers": 1},
    "dropout": 0.2
  },
  "data_loader": {
    "batch_sampler": {"type": "bucket", "batch_size": batch_size}
  },
  "trainer": {
    "num_epochs": num_epochs,
    "grad_norm": 5.0,
    "patience": 10,
    "validation_metric": "+em",
    "cuda_device": 0,
    "learning_rate_scheduler": {"type": "reduce_on_plateau", "factor": 0.5, "mode": "max", "patience": 2},
    "optimizer": {"type": "adam", "lr": learning_rate, "betas": [0.9, 0.9]}
  }
}
