# Protein structure model package.
