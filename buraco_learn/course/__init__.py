"""The course: notebook texts in ``source/`` and the build that turns them into notebooks.

Each notebook is written once, in ``source/NN-Title.md`` (Markdown and code cells separated by
``%%`` lines, exercises placed by id); :mod:`buraco_learn.course.build` makes from it the learner
notebook (blanks that raise) and the solution notebook (worked answers). Rebuild with
``python -m buraco_learn.course.build`` from the repository root. The build imports only the
standard library and the core (executing the notebooks needs ``nbclient``);
:mod:`buraco_learn.course.teacher` holds the teacher's demo and its widget (ipywidgets).
"""
