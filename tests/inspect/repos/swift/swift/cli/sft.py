from swift.llm import sft_main

if __name__ == '__main__':
    sft_main()
