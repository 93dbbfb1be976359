"""Prompt templates (Markdown), shipped as package data so an installed engine finds them."""
