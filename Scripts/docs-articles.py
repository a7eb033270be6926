"""Adds guides from Docs/ to a copy of a DocC catalog as articles.

    python3 Scripts/docs-articles.py CATALOG GUIDE...

Docs/ stays the one source of each guide (the README links it there). In
the copy, links to a guide of the same catalog become article links
(`<doc:Guide>`; a guide named as a symbol is, say, `FilteringGuide`); links to anything else (another module's guide, a file
of the repository) keep their text only, since the documentation site has
no page for them.
"""
import os
import re
import sys

catalog, guides = sys.argv[1], sys.argv[2:]
# Articles whose guide's name is also a symbol's take another name.
renamed = {
    "Filtering": "FilteringGuide", "Sections": "SectionsGuide", "ExpansionState": "SavingExpansionState",
    "Checkmarks": "CheckmarksGuide",
}


def article(name):
    return renamed.get(name, name)

link = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


def rewrite(match):
    text, target = match.group(1), match.group(2)
    if re.match(r"https?://", target):
        return match.group(0)
    name = os.path.splitext(os.path.basename(target.split("#")[0]))[0]
    if target.split("#")[0].endswith(".md") and name in guides:
        return f"[{text}](<doc:{article(name)}>)"
    return text


for guide in guides:
    with open(os.path.join("Docs", guide + ".md"), encoding="utf-8") as source:
        text = source.read()
    with open(os.path.join(catalog, article(guide) + ".md"), "w", encoding="utf-8") as output:
        output.write(link.sub(rewrite, text))
