"""The semantic cache: reusing a verified answer only for a question that asks the same thing."""
