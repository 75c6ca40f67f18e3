"""Runs the calling reference script under .build/ref-venv, a throwaway environment with the
PyPI packages it needs, when they are not importable here. Used by the scripts that compute test
references (never by shape itself)."""
import importlib.util, os, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
venv = os.path.join(here, "..", ".build", "ref-venv")


def ensure(*packages):
    """Re-executes the running script under the environment, with `packages` installed, unless
    they import already (or this is that re-execution)."""
    if os.environ.get("REF_VENV") == "1" or all(importlib.util.find_spec(p) for p in packages):
        return
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    subprocess.run([os.path.join(venv, "bin", "pip"), "install", "-q", *packages], check=True)
    os.environ["REF_VENV"] = "1"
    os.execv(python, [python] + sys.argv)
