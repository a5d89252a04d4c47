"""kg: turn what people say about software products into a knowledge graph an analyst can trust."""

from __future__ import annotations

__all__ = ["__version__"]
__version__ = "0.1.0"
