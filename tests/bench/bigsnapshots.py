#!/usr/bin/env python3
# Two interface snapshots of about 76 MB each that differ a little, for `toolgate-cli diff A B`
# (docs/benchmarks.md, "Diffing large snapshots"). Usage: bigsnapshots.py desc|schema OUT-A OUT-B
#   desc:   five tools with 15 MB descriptions; one word of the first sentence differs
#   schema: 2,000 tools whose input schemas have 215 properties; one property's description differs
import json
import sys


def snapshot(kind, changed):
    tools = []
    if kind == 'desc':
        sentence = "This tool reads the file you name and returns what it holds, line by line. "
        for i in range(5):
            text = sentence * (15_200_000 // len(sentence))
            if changed:
                text = text.replace("returns", "gives back", 1)
            tools.append({"name": f"verbose_{i}", "description": text, "inputSchema": {"type": "object"}})
    else:
        for i in range(2000):
            props = {f"field_{j}": {"type": "string", "description": f"The value of field {j} of tool {i}"} for j in range(215)}
            if changed:
                props["field_7"]["description"] = "changed"
            tools.append({"name": f"tool_{i}", "description": f"Tool {i}", "inputSchema": {"type": "object", "properties": props}})
    return {"format": "toolgate-interface-snapshot", "formatVersion": 1, "takenAt": "2026-11-29T21:00:00.000Z",
            "durationMs": 1, "protocolVersion": "2025-06-18", "server": {"name": "big", "version": "1"}, "tools": tools,
            "resources": [], "resourceTemplates": [], "prompts": []}


kind, before, after = sys.argv[1:4]
for path, changed in ((before, False), (after, True)):
    with open(path, 'w') as out:
        json.dump(snapshot(kind, changed), out, indent=4)
