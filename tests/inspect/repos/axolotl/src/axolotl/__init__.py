"""fine-tuning toolkit (fixture)"""
