"""The one text toolkit: sentences, terms, Markdown blocks, modality and British spelling."""
