def run_training(model, optimizer, train_dl, eval_dl, acc, args):
    step = 0
    while step < args.optim.total_steps:
        for batch in train_dl:
            loss = model(**batch).loss / args.optim.grad_acc
            acc.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            step += 1
