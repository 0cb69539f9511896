"""Build configuration for the optional compiled cover programme and chance recursion; metadata lives in pyproject.toml.

The extensions are optional: where no C compiler is available the package installs without them and
okeytool.solver.classic.cover and okeytool.solver.classic.chance use their pure-Python implementations, which give the
same answers. Each exports the constants it was built with; Python checks them at import and runs its own code on a
mismatch (okeytool/solver/compiled.py).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "okeytool.solver.classic._cover",
            sources=["okeytool/solver/classic/_cover.c"],
            depends=["okeytool/solver/classic/cover_programme.h", "okeytool/solver/classic/cover_rows.h"],
            optional=True,
            extra_compile_args=["-O3"],
        ),
        Extension(
            "okeytool.solver.classic._chance",
            sources=["okeytool/solver/classic/_chance.c"],
            depends=["okeytool/solver/classic/cover_programme.h", "okeytool/solver/classic/cover_rows.h"],
            optional=True,
            extra_compile_args=["-O3"],
        ),
    ]
)
