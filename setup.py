"""Build configuration for the optional compiled cover programme; metadata lives in pyproject.toml.

The extension is optional: where no C compiler is available the package installs without it and
okeytool.solver.classic.cover uses its pure-Python implementation, which gives the same answers.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "okeytool.solver.classic._cover",
            sources=["okeytool/solver/classic/_cover.c"],
            optional=True,
            extra_compile_args=["-O2"],
        )
    ]
)
