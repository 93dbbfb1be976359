"""How a provision is numbered and named in running text: "21", "21A", "8ZA" (the letters
legislation.gov.uk gives a provision inserted between two others, up to three), and "section"
or its abbreviation "s.".

One definition for every party that reads a provision's number: the answerer (a section a
question names, a subsection cited in a passage), the verifier (an Act's title with its
section, a subsection's label, a Schedule paragraph's bold number), Lex's citation reader
and the legislation worker.
"""

from __future__ import annotations

__all__ = ["PROVISION_NUMBER", "SECTION"]

PROVISION_NUMBER = r"\d+[A-Z]{0,3}"
"""A section's, subsection's or paragraph's number as legislation.gov.uk writes it (digits,
then up to three capitals: "21", "21A", "8ZA"); callers add their own groups and what must
come around it."""
SECTION = r"(?:section|s\.)"
"""The word a provision's number follows, or its abbreviation ("section 21", "s.21"); callers
add their own flags (``re.IGNORECASE`` reads "Section 21" too)."""
