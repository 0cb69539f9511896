"""Build configuration for the optional compiled cover programme, chance recursion and opening search; metadata lives
in pyproject.toml.

The extensions are optional: where no C compiler is available the package installs without them and
okeytool.solver.classic.cover, okeytool.solver.classic.chance and okeytool.solver.okey101.search use their pure-Python
implementations, which give the same answers.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "okeytool.solver.classic._cover",
            sources=["okeytool/solver/classic/_cover.c"],
            depends=["okeytool/solver/classic/cover_programme.h"],
            optional=True,
            extra_compile_args=["-O2"],
        ),
        Extension(
            "okeytool.solver.classic._chance",
            sources=["okeytool/solver/classic/_chance.c"],
            depends=["okeytool/solver/classic/cover_programme.h"],
            optional=True,
            extra_compile_args=["-O2"],
        ),
        Extension(
            "okeytool.solver.okey101._opening",
            sources=["okeytool/solver/okey101/_opening.c"],
            optional=True,
            extra_compile_args=["-O2"],
        ),
    ]
)
