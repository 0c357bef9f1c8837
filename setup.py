"""The package list and where each package's files sit; everything else is in pyproject.toml.

The blind structures, payout tables, sounds, icons and translations stay in `resources/` and the SQL
migrations in `db/migrations/` at the top of the repository, yet they ship inside the package as
`tourneydesk.data` and `tourneydesk.migrations`, so a wheel, an editable install and a frozen bundle
all find them the same way (`tourneydesk.resources`). setuptools' `packages.find` in pyproject.toml
cannot name a package outside the folders it searches, hence this list.
"""

from setuptools import find_packages, setup

DATA_PACKAGES = {"tourneydesk.data": "resources", "tourneydesk.migrations": "db/migrations"}

setup(
    packages=[*find_packages("desktop"), *find_packages("website"), *DATA_PACKAGES],
    package_dir={"": "desktop", "tourneysite": "website/tourneysite", **DATA_PACKAGES},
)
