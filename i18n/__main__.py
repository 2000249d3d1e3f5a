"""The catalogues' tools (docs/translating.md):

python -m i18n extract [FILE]   write the template of every message (default: i18n/locales/maester.pot)
python -m i18n update           refresh every language's .po file from the code
python -m i18n check            list what each language lacks; exit status 1 if anything
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from i18n import LOCALES
from i18n.catalogues import ROOT, problems, render, template, update, write_if_changed
from i18n.sources import all_entries

USAGE = __doc__ or ""


def main(argv: list[str]) -> int:
    if (
        not argv
        or argv[0] not in ("extract", "update", "check")
        or len(argv) > (2 if argv[0] == "extract" else 1)
    ):
        print(USAGE, file=sys.stderr)
        return 2
    entries = asyncio.run(all_entries())
    if argv[0] == "extract":
        path = Path(argv[1]) if len(argv) > 1 else LOCALES / "maester.pot"
        write_if_changed(path, render(template(entries)))
        print(f"{len(entries)} messages in {path}")
        return 0
    if argv[0] == "update":
        for path in update(entries):
            print(f"updated {path.relative_to(ROOT)}")
        return 0
    found = list(problems(entries))
    for line in found:
        print(line)
    print(f"{len(found)} problem(s)" if found else "every language has every message", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
