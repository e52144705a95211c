"""The course: notebook texts in ``source/`` and the build that turns them into notebooks.

Each notebook is written once, in ``source/NN-Title.md`` (Markdown and code cells separated by
``%%`` lines, exercises placed by id); :mod:`buraco_learn.course.build` makes from it the learner
notebook (blanks that raise) and the solution notebook (worked answers). This package imports
only the standard library and the core; executing the notebooks needs ``nbclient``.
"""

from .build import NOTEBOOKS, Cell, NotebookSource, load_sources, notebook_cells

__all__ = ["NOTEBOOKS", "Cell", "NotebookSource", "load_sources", "notebook_cells"]
