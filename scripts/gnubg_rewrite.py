#!/usr/bin/env python3
"""Backgammon matches read by GNU Backgammon itself and written again in its own way: as its
`.mat` export (`--to mat`) or as its `.sgf` match file (`--to sgf`).

Run from anywhere with a plain Python 3 (it starts gnubg and runs itself inside
gnubg's embedded Python):

    python3 scripts/gnubg_rewrite.py --to mat|sgf --out DIR FILE_OR_FOLDER... [--gnubg /usr/games/gnubg]

For every `.mat` or `.sgf` file given (a folder stands for the `.mat` and
`.sgf` files directly in it, sorted by name), gnubg reads it (`import mat FILE`
for a `.mat` file, `load match FILE` for an `.sgf` one) and then writes
`DIR/STEM.mat` (`export match mat`) or `DIR/STEM.sgf` (`save match`), STEM
being the file's name without its extension.  Used by the tests both ways:
gnubg's export and `.sgf` of the real `.mat` matches, which tabula must check
as it checks the originals, and gnubg's files of tabula's own `convert` output,
which must keep every play.  Made with GNU Backgammon 1.07.001.

DIR/manifest.tsv says what happened to each file, one line a file, in the
order given, header line first:

  file      the file's name (what gnubg wrote, if anything, is STEM.mat or
            STEM.sgf in DIR)
  status    `exported` (`--to mat`) or `saved` (`--to sgf`), or `skipped`
            when gnubg wrote nothing for it
  reason    for `skipped`, why: `gnubg died (exit N): LAST LINE` or
            `gnubg wrote no file`; empty otherwise
  warnings  what gnubg said while reading the file (its `WARNING: ...` and
            `Unrecognised move ...` lines, in order, joined with ` | `)

gnubg 1.07 aborts on some inputs (a `.mat` player line with an empty name:
`*** buffer overflow detected ***`).  The files are handled by one gnubg
process in order; when it dies, the file it was on is marked `skipped` with
the reason, and a new process goes on with the next file, so one bad file
costs nothing but its own output and is never dropped silently.

The exit status is 0 when every file was handled (written or skipped with a
reason), 1 when gnubg could not be run at all.  A summary line goes to
standard output: `exported N, skipped M: NAME (REASON), ...` (`saved N` for
`--to sgf`).
"""

import argparse
import json
import os
import shutil
import subprocess
import tempfile
import sys

try:
    import gnubg  # only inside gnubg
except ImportError:
    gnubg = None

ENV = "TABULA_GNUBG_REWRITE"
TAG = "gnubg_rewrite: "
NOISE = ("WARNING", "Unrecognised", "not a valid", "doesn't follow")


# ------------------------------------------------------------------ outside gnubg

# What each target is called in the manifest, and the gnubg command that writes it.
WRITTEN = {"mat": "exported", "sgf": "saved"}
COMMAND = {"mat": "export match mat", "sgf": "save match"}


def out_name(path, to):
    return os.path.splitext(os.path.basename(path))[0] + "." + to


def mat_files(args):
    files = []
    for arg in args:
        if os.path.isdir(arg):
            names = sorted(n for n in os.listdir(arg) if n.endswith((".mat", ".sgf")))
            files += [os.path.join(arg, n) for n in names]
        else:
            files.append(arg)
    return [os.path.abspath(f) for f in files]


def run_gnubg(gnubg_bin, files, out, to):
    """One gnubg process over `files`: the output lines of this script, gnubg's
    other lines (for the warnings) and the exit status."""
    cmd = [gnubg_bin, "-t", "-q", "-r", "-p", os.path.abspath(__file__)]
    if shutil.which("stdbuf"):
        cmd = ["stdbuf", "-oL"] + cmd  # gnubg's own lines in order with ours
    # A home of its own: gnubg creates ~/.gnubg at start, and two first runs at once race on it
    # ("File exists", exit 1); no user settings reach the files either.
    with tempfile.TemporaryDirectory(prefix="gnubg-home-") as home:
        env = dict(os.environ, HOME=home, **{ENV: json.dumps({"files": files, "out": out, "to": to})})
        run = subprocess.run(cmd, env=env,
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             universal_newlines=True, errors="replace")
    return run.stdout.splitlines(), run.returncode


def launch():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("inputs", nargs="+", metavar="FILE_OR_FOLDER")
    ap.add_argument("--to", required=True, choices=["mat", "sgf"], help="what gnubg writes")
    ap.add_argument("--out", required=True, help="folder for gnubg's files and manifest.tsv")
    ap.add_argument("--gnubg", default="/usr/games/gnubg")
    args = ap.parse_args()
    if not (os.path.isfile(args.gnubg) and os.access(args.gnubg, os.X_OK)):
        sys.exit("gnubg not found at %s (install the Debian package gnubg, or give --gnubg)" % args.gnubg)
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    files = mat_files(args.inputs)
    names = [out_name(f, args.to) for f in files]
    if len(set(names)) != len(names):
        sys.exit("two input files have the same stem: gnubg's files of them would overwrite each other")
    for name in names:
        target = os.path.join(out, name)
        if os.path.exists(target):
            os.remove(target)  # gnubg would ask before overwriting
    rows = {}
    todo = list(files)
    while todo:
        lines, rc = run_gnubg(args.gnubg, todo, out, args.to)
        current, warnings, done = None, {}, []
        for line in lines:
            if line.startswith(TAG + "start "):
                current = line[len(TAG + "start "):]
                warnings[current] = []
            elif line.startswith(TAG + "done "):
                done.append(line[len(TAG + "done "):])
                current = None
            elif line.startswith(TAG + "error"):
                sys.stderr.write(line + "\n")
            elif current and any(n in line for n in NOISE):
                warnings[current].append(line.strip())
        for f in done:
            written = os.path.isfile(os.path.join(out, out_name(f, args.to)))
            rows[f] = (os.path.basename(f), WRITTEN[args.to] if written else "skipped",
                       "" if written else "gnubg wrote no file",
                       " | ".join(warnings.get(f, [])))
        rest = todo[len(done):]
        if not rest:
            break
        if rest[0] != current:
            # gnubg stopped before starting a file: it cannot run at all.
            sys.stderr.write("\n".join(lines[-20:]) + "\n")
            sys.exit("gnubg stopped (exit %d) before %s" % (rc, rest[0]))
        last = next((line.strip() for line in reversed(lines) if line.strip()), "")
        rows[current] = (os.path.basename(current), "skipped", "gnubg died (exit %d): %s" % (rc, last),
                         " | ".join(warnings.get(current, [])))
        target = os.path.join(out, out_name(current, args.to))
        if os.path.exists(target):
            os.remove(target)  # a partial file from the process that died
        todo = rest[1:]
    with open(os.path.join(out, "manifest.tsv"), "w") as f:
        f.write("file\tstatus\treason\twarnings\n")
        for path in files:
            f.write("\t".join(rows[path]) + "\n")
    skipped = ["%s (%s)" % (r[0], r[2]) for r in (rows[p] for p in files) if r[1] == "skipped"]
    print("%s %d, skipped %d%s" % (WRITTEN[args.to], len(files) - len(skipped), len(skipped),
                                          ": " + ", ".join(skipped) if skipped else ""))


# ------------------------------------------------------------------ inside gnubg

def log(msg):
    sys.stdout.write(TAG + msg + "\n")
    sys.stdout.flush()


def inside(cfg):
    gnubg.command("set display off")
    for f in cfg["files"]:
        log("start " + f)
        if f.endswith(".sgf"):
            gnubg.command('load match "%s"' % f)
        else:
            gnubg.command('import mat "%s"' % f)
        gnubg.command('%s "%s"' % (COMMAND[cfg["to"]], os.path.join(cfg["out"], out_name(f, cfg["to"]))))
        log("done " + f)


if gnubg is not None:
    try:
        inside(json.loads(os.environ[ENV]))
    except Exception as e:  # noqa: BLE001  (report, then let gnubg exit)
        import traceback
        log("error: %s" % e)
        for line in traceback.format_exc().splitlines():
            log("error: " + line)
        raise
elif __name__ == "__main__":
    launch()
