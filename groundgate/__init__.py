"""groundgate: gate LLM prompt and model changes on row-by-row groundedness flips."""

__version__ = "0.1.0"
