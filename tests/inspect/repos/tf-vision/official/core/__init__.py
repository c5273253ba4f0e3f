# Core training utilities.
