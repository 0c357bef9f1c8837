"""The start page's keys on a real X server, where a text field claims some Ctrl keys for itself (Ctrl+E:
end of line). Met by a TD: the start page puts the keys in the name field, the guide says Ctrl+E opens
every setting, and on X11 nothing happened until the focus left the field. Offscreen Qt has no such
binding, so this runs the page on Xvfb."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

PAGE = """
import sys
from tourneydesk.ui.qt import QApplication, QSettings, Qt
from tourneydesk.ui.start_page import StartPage
from PySide6.QtTest import QTest

app = QApplication([])
page = StartPage(QSettings(sys.argv[1], QSettings.Format.IniFormat))
page.show()
page.activateWindow()
assert QTest.qWaitForWindowActive(page, 20000), "the start page never had the keyboard"
page.focus_form()
QTest.keyClicks(page.form.name, "Friday")
QTest.keyClick(page.form.name, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
print("name", page.form.name.text())
print("editor", page.editor is not None)
"""


def test_ctrl_e_in_the_name_field_opens_every_setting_on_x(tmp_path: Path) -> None:
    if shutil.which("Xvfb") is None:
        pytest.skip("needs Xvfb (apt-get install xvfb)")
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        assert number, "Xvfb did not start"
        env = {**os.environ, "DISPLAY": f":{number}", "QT_QPA_PLATFORM": "xcb", "HOME": str(tmp_path),
               "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
        done = subprocess.run([sys.executable, "-c", PAGE, str(tmp_path / "settings.ini")], env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert done.stdout.split("\n")[:2] == ["name Friday", "editor True"], (done.stdout, done.stderr)
    finally:
        server.terminate()
        server.wait(timeout=10)
