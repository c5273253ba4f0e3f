{
  "dataset_reader": {"type": "drop"},
  "train_data_path": "drop_dataset_train.json",
  "model": {"type": "naqanet", "hidden_size": 128},
  "data_loader": {"batch_size": 16},
  "trainer": {"num_epochs": 50, "optimizer": {"type": "adam", "lr": 0.0005}, "use_amp": true}
}
