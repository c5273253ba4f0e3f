from trainer.sft.loop import main

main()
