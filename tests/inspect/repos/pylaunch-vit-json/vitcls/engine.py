def train_one_epoch(model, loader, optimizer):
    for images, labels in loader:
        loss = model(images).cross_entropy(labels)
        loss.backward()
        optimizer.step()
