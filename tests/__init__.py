"""The test suite (the shared helpers are in `tests.helpers`)."""

import pytest

# The helpers assert (a refused command changes nothing...): pytest explains their failures as a test's
# own. Said here, before anything imports them.
pytest.register_assert_rewrite("tests.helpers")
