"""Helpers for the click CLI: options generated from the pydantic schema, and the child command line."""
import click


def add_options_from_config(config_class):
    def decorator(function):
        for name, field in reversed(config_class.model_fields.items()):
            opt = name.replace("_", "-")
            if field.annotation is bool:
                function = click.option(f"--{opt}/--no-{opt}", default=None, help=field.description)(function)
            else:
                function = click.option(f"--{opt}", default=None, type=field.annotation, help=field.description)(function)
        return function

    return decorator


def build_command(base, config, kwargs):
    cmd = list(base) + [config]
    for key, value in kwargs.items():
        if value is not None:
            cmd.append(f"--{key}={value}")
    return cmd
