# Builds the experiment's parameters: the registered experiment, then each --config_file in order,
# then --params_override.
def parse_configuration(flags_obj):
    return flags_obj
