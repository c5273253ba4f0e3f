from parlai.core.script import superscript_main


def main():
    superscript_main()


if __name__ == '__main__':
    main()
