"""Reports: text, JSON, Markdown and figures built from verification results."""
