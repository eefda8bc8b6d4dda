#!/usr/bin/env python3
"""Compiles the samples samples.py prepared, each as a module of its own.

  compile_samples.py OUT COMMAND [--jobs N] [--only REGEX] [--target TRIPLE] [--extra PATH...]

COMMAND is a file holding the user files' `swiftc -emit-sil` command line that
ios-typecheck.sh ran for this SDK and mode, recorded by swiftc-wrapper.sh: each sample is
compiled with exactly those flags, its Swift files in place of the script's (`-emit-sil` also
type-checks, and runs the checks that only SIL has, such as region isolation). --target replaces
the deployment target; a sample's `deployment:` raises it. An --extra file, or directory of
files, is compiled as one more module. A diagnostic in a sample's own lines is printed at the
document's line; one in its context at the generated file's.
"""
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys

DIAGNOSTIC = re.compile(r'^(.*?):(\d+):(\d+): (error|warning): ')


def raised(target, deployment):
    """`target` (arm64-apple-ios17.0) with at least the `deployment` version (18.0)."""
    match = re.match(r'(.*-ios)([0-9.]+)$', target)
    if not deployment or not match:
        return target
    have = tuple(int(n) for n in match.group(2).split('.'))
    want = tuple(int(n) for n in deployment.split('.'))
    return target if have >= want else match.group(1) + deployment


def command_for(command, directory, files, main, target, deployment=None):
    args, replaced = [], False
    skip_next = False
    for i, arg in enumerate(command):
        if skip_next:
            skip_next = False
            continue
        if arg == '-o':
            args += ['-o', '/dev/null']
            skip_next = True
        elif arg == '-target':
            args += ['-target', raised(target or command[i + 1], deployment)]
            skip_next = True
        elif arg.endswith('.swift'):
            if not replaced:
                args += [os.path.join(directory, f) for f in files]
                replaced = True
        elif arg == '-parse-as-library' and main:
            continue
        else:
            args.append(arg)
    return args


def compile_one(checkout, out, record, command, target):
    directory = os.path.join(out, record['name'])
    args = command_for(command, directory, record['files'], record.get('main'), target, record.get('deployment'))
    result = subprocess.run(args, cwd=checkout, capture_output=True, text=True)
    lines = []
    for line in (result.stdout + result.stderr).split('\n'):
        match = DIAGNOSTIC.match(line)
        if not match:
            continue
        path, row, column, kind = match.groups()
        row = int(row)
        if os.path.basename(path) in ('Sample.swift', 'main.swift'):
            for first, start, count in record.get('segments', []):
                if first <= row < first + count:
                    line = f"{record['document']}:{start + row - first}:{column}: {line[match.start(4):]}"
        lines.append(line)
    return record, result.returncode, lines


def compile_all(checkout, out, command_file, jobs, only, target, extras):
    command = shlex.split(open(command_file).read())
    manifest = json.load(open(os.path.join(out, 'manifest.json')))
    todo = [r for r in manifest if r['status'] == 'compiled' and (not only or re.search(only, r['name']))]
    for extra in extras:  # a file, or a directory whose Swift files are one module
        files = [os.path.join(extra, f) for f in sorted(os.listdir(extra)) if f.endswith('.swift')] \
            if os.path.isdir(extra) else [extra]
        todo.append({'document': extra, 'line': 1, 'name': '', 'files': [os.path.abspath(f) for f in files]})
    errors = warnings = failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for record, status, lines in pool.map(lambda r: compile_one(checkout, out, r, command, target), todo):
            for line in lines:
                print('   ' + line)
            errors += sum(': error: ' in line for line in lines)
            warnings += sum(': warning: ' in line for line in lines)
            if status != 0:
                failed += 1
                if not lines:
                    print(f"   {record['document']}:{record['line']}: the compiler exited {status}")
    print(f'   samples: {len(todo)} compiled, {failed} failed, {errors} error lines, {warnings} warning lines')
    return 1 if failed or errors or warnings else 0


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    args = sys.argv[3:]
    options = {'--jobs': '1', '--only': None, '--target': None}
    extras = []
    while args:
        flag = args.pop(0)
        if flag == '--extra':
            extras.append(args.pop(0))
        elif flag in options:
            options[flag] = args.pop(0)
        else:
            sys.exit(f'unknown option {flag}')
    return compile_all(os.getcwd(), os.path.abspath(sys.argv[1]), sys.argv[2], int(options['--jobs']),
                       options['--only'], options['--target'], extras)


if __name__ == '__main__':
    sys.exit(main())
