class DefaultTeacher(object):
    """ConvAI2 (PersonaChat) dialogues."""
