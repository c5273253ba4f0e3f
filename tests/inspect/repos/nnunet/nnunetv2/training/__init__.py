# Trainers.
