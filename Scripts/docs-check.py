"""Checks a module's symbol graph against its documentation.

    python3 Scripts/docs-check.py LANDING.md MODULE SYMBOLS.json [EXTENSIONS.json...]

Fails (exit 1, listing them) when a public symbol declared in the module
(in its own types, or in extensions of another module's) has no doc
comment, or when the landing page does not list a top-level
symbol, or a member of a top-level type the page curates members of
(`Outline`), under one of its topics.
"""
import json
import re
import sys

landing_path, module, graph_path, *extension_paths = sys.argv[1:]
with open(landing_path, encoding="utf-8") as f:
    landing = f.read()


def public_symbols(path):
    with open(path, encoding="utf-8") as f:
        graph = json.load(f)
    return [s for s in graph["symbols"] if s.get("accessLevel") == "public" and "location" in s]


symbols = public_symbols(graph_path)
problems = []
for s in symbols + [s for path in extension_paths for s in public_symbols(path)]:
    if "docComment" not in s:
        problems.append(f"no doc comment: {'.'.join(s['pathComponents'])} ({s['location']['uri'].split('/')[-1]})")

topics = landing.split("## Topics", 1)[1] if "## Topics" in landing else ""
listed = set(re.findall(r"``([^`]+)``", topics))
listed = {re.sub(r"-[0-9a-z]+$", "", l) for l in listed}
curated_types = {l.split("/")[0] for l in listed if "/" in l}
for s in symbols:
    path = s["pathComponents"]
    if len(path) == 1:
        name = path[0]
    elif len(path) == 2 and path[0] in curated_types:
        name = "/".join(path)
    else:
        continue
    key = name
    if key not in listed:
        problems.append(f"not under a topic of the landing page: ``{key}``")

for p in sorted(set(problems)):
    print(f"{module}: {p}")
sys.exit(1 if problems else 0)
