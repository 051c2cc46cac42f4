"""Checks the CI examples in docs/ci.md (run by validate-reporters.sh, in its virtualenv, with PyYAML).

Usage: validate_ci_examples.py GLANCE_BINARY   (from the repository root)

Every ```yaml block must parse (PyYAML's safe loader). A GitHub Actions workflow (a block whose first line
names .github/workflows/) must have `on` and `jobs`; each job `runs-on` and `steps`; each step exactly one of
`uses` (owner/name@ref) or `run`; a step that uses Glance's action (glance-lint/glance@…) gives only inputs
action.yml declares. The GitLab CI block must have a job with `script` and, when it writes a
Code Quality report, `artifacts: reports: codequality` naming the file the script writes. Every `glance …`
command in them is run with the given binary from the repository root, with the output discarded: it must
not fail to run (exit code 2; 0 and 1 are findings or none).
Every problem is printed; the exit code is 1 when there was any.
"""
import re
import shlex
import subprocess
import sys
import tempfile

import yaml

problems = []


def check(condition, what):
    if not condition:
        problems.append(what)
    return condition


def blocks(markdown):
    return re.findall(r"```yaml\n(.*?)```", markdown, re.S)


def glance_commands(text):
    """The glance invocations in a shell script text: (arguments, redirect target or None)."""
    found = []
    for line in text.splitlines():
        match = re.search(r"(?:^|\s|/)glance (lint|payload|surfaces|rules)\b([^|&;>]*)(?:>\s*(\S+))?", line)
        if match:
            found.append(([match.group(1)] + shlex.split(match.group(2)), match.group(3)))
    return found


def run_glance(glance, arguments, where):
    if "--cache-path" in arguments[:-1]:
        # The example's cache folder (/tmp/glance-cache on the runner) goes to a temporary folder here.
        position = arguments.index("--cache-path") + 1
        arguments = arguments[:position] + [tempfile.mkdtemp(prefix="glance-ci-example-cache-")] + arguments[position + 1:]
    process = subprocess.run([glance] + arguments + (["--quiet"] if arguments[0] == "lint" else []),
                             capture_output=True, text=True)
    check(process.returncode in (0, 1), f"{where}: glance {' '.join(arguments)} exited {process.returncode}: {process.stderr.strip()[:300]}")


def check_github(workflow, where, glance):
    check(isinstance(workflow, dict) and (True in workflow or "on" in workflow), f"{where}: no 'on'")
    jobs = workflow.get("jobs") if isinstance(workflow, dict) else None
    if not check(isinstance(jobs, dict) and jobs, f"{where}: no jobs"):
        return
    for name, job in jobs.items():
        check("runs-on" in job, f"{where}: job {name} has no runs-on")
        steps = job.get("steps")
        if not check(isinstance(steps, list) and steps, f"{where}: job {name} has no steps"):
            continue
        for step in steps:
            check(("uses" in step) != ("run" in step), f"{where}: job {name}: a step needs one of uses or run: {step}")
            if "uses" in step:
                check(re.fullmatch(r"[\w.-]+/[\w./-]+@[\w.-]+", step["uses"]) is not None, f"{where}: uses {step['uses']!r}")
                if step["uses"].startswith("glance-lint/glance@"):
                    unknown = set(step.get("with", {})) - set(action_inputs())
                    check(not unknown, f"{where}: job {name}: the action has no inputs {sorted(unknown)}")
            for arguments, _ in glance_commands(step.get("run", "")):
                run_glance(glance, arguments, f"{where}: job {name}")


def action_inputs():
    with open("action.yml") as file:
        return yaml.safe_load(file)["inputs"]


def check_gitlab(configuration, where, glance):
    jobs = {name: job for name, job in configuration.items() if isinstance(job, dict) and "script" in job}
    if not check(jobs, f"{where}: no job with a script"):
        return
    for name, job in jobs.items():
        check(isinstance(job["script"], list), f"{where}: {name}: script is not a list")
        for line in job.get("before_script", []) + job["script"]:
            for arguments, target in glance_commands(line):
                run_glance(glance, arguments, f"{where}: {name}")
                if "gitlab" in arguments:
                    report = job.get("artifacts", {}).get("reports", {}).get("codequality")
                    check(report == target, f"{where}: {name}: the report is written to {target}, artifacts name {report}")


def main():
    glance = sys.argv[1]
    with open("docs/ci.md") as file:
        found = blocks(file.read())
    check(len(found) >= 4, f"docs/ci.md: {len(found)} yaml blocks")
    for index, text in enumerate(found, 1):
        where = f"docs/ci.md block {index} ({text.splitlines()[0].strip('# ')})"
        try:
            document = yaml.safe_load(text)
        except yaml.YAMLError as error:
            problems.append(f"{where}: {error}")
            continue
        if ".github/workflows/" in text.splitlines()[0]:
            check_github(document, where, glance)
        elif ".gitlab-ci.yml" in text.splitlines()[0]:
            check_gitlab(document, where, glance)
        else:
            problems.append(f"{where}: the first line names neither .github/workflows/ nor .gitlab-ci.yml")
        print(f"checked {where}")
    for problem in problems:
        print("INVALID: " + problem, file=sys.stderr)
    print(f"{len(problems)} problems" if problems else "all CI examples valid")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
