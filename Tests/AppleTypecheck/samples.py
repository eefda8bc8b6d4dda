#!/usr/bin/env python3
"""The Swift samples of the README and of the DocC catalogs, each compiled as a module of its own.

  samples.py CHECKOUT OUT    extract every ```swift block, apply its context, write one directory
                            per sample to compile (and OUT/manifest.json), check the quoted ones;
                            compile_samples.py compiles them

A sample is compiled in a file of its own with only the imports it shows, as a user's file is
under MemberImportVisibility. Its context (Contexts/<document>.context) supplies what the sample
leaves to the reader, marked as such: the imports of the file it would live in when it shows
none, code around it (a fragment of a body goes into one), and declarations in a second file of
the module (Support.swift), which cannot lend the sample its imports. A context names its sample
by the sample's first line, so an edited sample whose context no longer fits fails here, and a
context whose sample is gone is an error too. Samples of a test target or a manifest are left to
the Linux builds (Tests/AmbientTests/Documentation); a sample quoted from a file compiled here
(`quote:`) is checked line for line against it instead.

A context file has one entry per sample that needs one, "== <the sample's first line>" (with
" #2" for the second sample starting so), then directives, then code sections:
  imports: A B      the imports of the file the sample lives in, when it shows none
  main: yes         top-level code: the sample is the module's main.swift
  from: / until:    compile the sample from, or up to, the line starting so (a "Before"
                    half, a test after the model it tests)
  split: PREFIX     the around places the lines before the one starting so at <sample-head>,
                    the rest at <sample-rest> (declarations, then statements in a function)
  elide: CODE       what the sample's `…` stands for
  deployment: 18.0  the app's deployment target is at least this (as "on iOS 18 and later")
  quote: PATH       not compiled: its lines appear, in order, in a Swift file at PATH
  skip: REASON      not compiled, for that reason
  -- around         code the sample goes into, at the line "<sample>" (or the split parts)
  -- support        a second Swift file of the module
"== #define NAME" starts code that sections include with "#include NAME"; lines starting
"# " are comments.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
AUTO_SKIPS = [
    (re.compile(r'^\s*(\.(target|testTarget|product)\(|swiftSettings:|let package\b|// swift-tools-version)'),
     'a package manifest'),
    (re.compile(r'@Test\b|@Suite\b|XCTestCase|DependencyTestCase|^import (Testing|XCTest)\b|#expect\(|withKnownIssue',
                re.M),
     'a test (test targets link AmbientTesting; compiled by the Linux builds)'),
    (re.compile(r'^import (ConcurrencyExtras|IssueReporting|Dependencies)\b', re.M),
     "swift-dependencies' packages, which this check does not build"),
    (re.compile(r'^import AmbientURLSession\b', re.M), 'AmbientURLSession, the product for Linux'),
]


def documents(checkout):
    found = ['README.md']
    for root, _, files in os.walk(os.path.join(checkout, 'Sources')):
        if '.docc' in root:
            found += [os.path.relpath(os.path.join(root, f), checkout) for f in files if f.endswith('.md')]
    return sorted(found)


def swift_blocks(text):
    """(line of the block's first line, its lines) for each ```swift block."""
    blocks, current, start = [], None, 0
    for number, line in enumerate(text.split('\n'), 1):
        if current is None and line.strip() == '```swift':
            current, start = [], number + 1
        elif current is not None and line.strip() == '```':
            blocks.append((start, current))
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def first_line(lines):
    return next((line.strip() for line in lines if line.strip()), '')


def read_contexts(path):
    """Entries by key: {'directives': {...}, 'around': [...] or None, 'support': [...] or None}.

    "== #define NAME" starts code that sections share: a line "#include NAME" in one stands for
    it. Lines that start "# " are the file's comments, wherever they are.
    """
    entries, pieces, entry, section = {}, {}, None, None
    if not os.path.exists(path):
        return entries
    for line in open(path).read().split('\n'):
        if line.startswith('# ') or line == '#':
            continue
        if line.startswith('== #define '):
            entry, section = {'code': []}, 'code'
            pieces[line[len('== #define '):].strip()] = entry
        elif line.startswith('== '):
            key = line[3:].strip()
            if key in entries:
                sys.exit(f'{path}: two contexts for the sample "{key}"')
            entry = entries[key] = {'directives': {}, 'around': None, 'support': None}
            section = None
        elif line.startswith('-- ') and entry is not None and 'directives' in entry:
            section = line[3:].strip()
            if section not in ('around', 'support'):
                sys.exit(f'{path}: unknown section "-- {section}"')
            entry[section] = []
        elif section is not None:
            entry[section].append(line)
        elif entry is not None and line.strip():
            name, _, value = line.partition(':')
            entry['directives'][name.strip()] = value.strip()

    def expand(lines):
        out = []
        for line in lines:
            if line.startswith('#include '):
                name = line[len('#include '):].strip()
                if name not in pieces:
                    sys.exit(f'{path}: "#include {name}" names no "== #define {name}"')
                out += expand(pieces[name]['code'])
            else:
                out.append(line)
        while out and not out[-1].strip():
            out.pop()
        return out

    for entry in entries.values():
        for section in ('around', 'support'):
            if entry[section] is not None:
                entry[section] = expand(entry[section])
    return entries


def quoted(checkout, where, lines):
    """Whether the sample's lines appear, trimmed and in order, in a Swift file at `where`."""
    wanted = [line.strip() for line in lines if line.strip()]
    path = os.path.join(checkout, where)
    files = [path] if os.path.isfile(path) else [
        os.path.join(path, f) for f in sorted(os.listdir(path)) if f.endswith('.swift')]
    for file in files:
        have = [line.strip() for line in open(file).read().split('\n') if line.strip()]
        if any(have[i:i + len(wanted)] == wanted for i in range(len(have) - len(wanted) + 1)):
            return True
    return False


def prepare(checkout, out):
    os.makedirs(out, exist_ok=True)
    manifest, failures, used = [], [], set()
    for document in documents(checkout):
        blocks = swift_blocks(open(os.path.join(checkout, document)).read())
        stem = os.path.splitext(os.path.basename(document))[0]
        context_file = os.path.join(HERE, 'Contexts', stem + '.context')
        contexts = read_contexts(context_file)
        seen = {}
        for start, lines in blocks:
            key = first_line(lines)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] > 1:
                key += f' #{seen[key]}'
            entry = contexts.get(key)
            if entry is not None:
                used.add((context_file, key))
            record = {'document': document, 'line': start, 'name': f'{stem}-L{start}'}
            manifest.append(record)
            status = sample(checkout, out, record, lines, entry)
            if status.startswith('FAIL'):
                failures.append(f'{document}:{start}: {status[5:]}')
        for key in contexts:
            if (context_file, key) not in used:
                failures.append(f'{os.path.relpath(context_file, checkout)}: no sample of {document} starts "{key}"')
    with open(os.path.join(out, 'manifest.json'), 'w') as f:
        json.dump(manifest, f, indent=1)
    counts = {}
    for record in manifest:
        counts[record['status']] = counts.get(record['status'], 0) + 1
    print(f'{len(manifest)} Swift samples in {len(documents(checkout))} documents: ' +
          ', '.join(f'{n} {s}' for s, n in sorted(counts.items())))
    for record in manifest:
        if record['status'] == 'skipped':
            print(f"   skipped {record['document']}:{record['line']}: {record['reason']}")
    for failure in failures:
        print(f'error: {failure}')
    return 1 if failures else 0


def sample(checkout, out, record, lines, entry):
    """Writes the sample's module (or checks its quote) and sets record['status']."""
    directives = entry['directives'] if entry else {}
    text = '\n'.join(lines)
    if 'skip' in directives or entry is None:
        reason = directives.get('skip') or next((why for rule, why in AUTO_SKIPS if rule.search(text)), None)
        if reason:
            record.update(status='skipped', reason=reason)
            return 'ok'
    if 'from' in directives:
        cut = next((i for i, line in enumerate(lines) if line.strip().startswith(directives['from'])), None)
        if cut is None:
            record['status'] = 'failed'
            return f'FAIL no line starts "{directives["from"]}" (from:)'
        record['line'] += cut
        lines = lines[cut:]
    if 'until' in directives:
        cut = next((i for i, line in enumerate(lines) if line.strip().startswith(directives['until'])), None)
        if cut is None:
            record['status'] = 'failed'
            return f'FAIL no line starts "{directives["until"]}" (until:)'
        lines = lines[:cut]
    if 'quote' in directives:
        ok = quoted(checkout, directives['quote'], lines)
        record.update(status='quoted' if ok else 'failed', reason=directives['quote'])
        return 'ok' if ok else f'FAIL not quoted, line for line, from {directives["quote"]}'
    if 'elide' in directives:
        lines = [line.replace('…', directives['elide']) for line in lines]
    shows_imports = any(re.match(r'\s*(@testable\s+)?import\s', line) for line in lines)
    head = []
    if not shows_imports and directives.get('imports'):
        head = ['// Context: the imports of the file the sample lives in.'] + [
            f'import {module}' for module in directives['imports'].split()]
    # The sample, or its two parts (`split:`), placed at the around's placeholders; `segments`
    # maps each part back to the document: (first generated line, first document line, count).
    parts = {'<sample>': (record['line'], lines)}
    if 'split' in directives:
        cut = next((i for i, line in enumerate(lines) if line.strip().startswith(directives['split'])), None)
        if cut is None:
            record['status'] = 'failed'
            return f'FAIL no line starts "{directives["split"]}" (split:)'
        parts = {'<sample-head>': (record['line'], lines[:cut]), '<sample-rest>': (record['line'] + cut, lines[cut:])}
    around = entry['around'] if entry and entry['around'] is not None else ['<sample>']
    if sorted(line.strip() for line in around if line.strip() in parts) != sorted(parts):
        sys.exit(f"{record['document']}:{record['line']}: its context's around needs the lines {' and '.join(parts)}")
    body = head + ([] if around == ['<sample>'] else ['// Context: the code around the sample.'])
    segments = []
    for line in around:
        if line.strip() in parts:
            start, part = parts[line.strip()]
            segments.append((len(body) + 1, start, len(part)))
            body += part
        else:
            body.append(line)
    directory = os.path.join(out, record['name'])
    os.makedirs(directory, exist_ok=True)
    for name in os.listdir(directory):
        os.remove(os.path.join(directory, name))
    name = 'main.swift' if directives.get('main') == 'yes' else 'Sample.swift'
    with open(os.path.join(directory, name), 'w') as f:
        f.write('\n'.join(body) + '\n')
    files = [name]
    if entry and entry['support'] is not None:
        with open(os.path.join(directory, 'Support.swift'), 'w') as f:
            f.write('// Context: what the sample leaves to the reader, in a file of its own.\n')
            f.write('\n'.join(entry['support']) + '\n')
        files.append('Support.swift')
    record.update(status='compiled', files=files, main=name == 'main.swift', segments=segments,
                  deployment=directives.get('deployment'))
    return 'ok'


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    return prepare(os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]))


if __name__ == '__main__':
    sys.exit(main())
