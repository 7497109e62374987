"""Executes a Jupyter notebook headless with nbclient and writes the executed copy.

Usage: python3 execute-notebook.py <notebook.ipynb> <executed.ipynb>

Run by scripts/test-notebook.mjs with Debian's /usr/bin/python3 (python3-nbclient, python3-nbformat,
jupyter-client) and a JUPYTER_PATH whose only kernel is tslab. A cell that fails does not stop the run:
every cell executes, and the caller judges the outputs (errors and tslab's compile messages included).
"""
import sys

import nbclient
import nbformat

source, target = sys.argv[1], sys.argv[2]
notebook = nbformat.read(source, as_version=4)
client = nbclient.NotebookClient(
    notebook,
    timeout=180,
    kernel_name=notebook.metadata["kernelspec"]["name"],
    allow_errors=True,
    record_timing=False,
    resources={"metadata": {"path": sys.argv[3] if len(sys.argv) > 3 else "."}},
)
client.execute()
nbformat.write(notebook, target)
