; Inno Setup 6 script: TourneyDesk for Windows, installed per user (no administrator needed).
; Built by installers/build.py on Windows:
;   ISCC.exe /DAppVersion=X.Y.Z /DBundle=<the PyInstaller one-folder bundle> /O<output folder> tourneydesk.iss
; It installs the bundle into the user's programs folder, adds a Start-menu entry (and, if asked, a
; desktop icon), makes TourneyDesk the program that opens .tdesk files, and registers an uninstaller
; (Settings > Apps) that removes all of it but never the user's tournaments.

#ifndef AppVersion
  #error Pass /DAppVersion=X.Y.Z (build.py does)
#endif
#ifndef Bundle
  #error Pass /DBundle=<folder of the one-folder bundle> (build.py does)
#endif

[Setup]
AppId={{6F1C2B7E-5D34-4C1B-9E7A-2B7D9C41A0D3}
AppName=TourneyDesk
AppVersion={#AppVersion}
AppPublisher=TourneyDesk
AppComments=Runs a live poker tournament offline
DefaultDirName={autopf}\TourneyDesk
DefaultGroupName=TourneyDesk
DisableProgramGroupPage=yes
; Per user: {autopf} is then %LOCALAPPDATA%\Programs and the file association goes under HKCU.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ChangesAssociations=yes
OutputBaseFilename=TourneyDesk-{#AppVersion}-setup
SetupIconFile=..\..\resources\icons\tourneydesk.ico
UninstallDisplayIcon={app}\TourneyDesk.exe
UninstallDisplayName=TourneyDesk {#AppVersion}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
CloseApplications=yes

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "fr"; MessagesFile: "compiler:Languages\French.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#Bundle}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\TourneyDesk"; Filename: "{app}\TourneyDesk.exe"
Name: "{autodesktop}\TourneyDesk"; Filename: "{app}\TourneyDesk.exe"; Tasks: desktopicon

[Registry]
; .tdesk -> TourneyDesk.Tournament -> "TourneyDesk.exe" "%1"; {autocu}... is HKCU for a per-user install.
Root: HKA; Subkey: "Software\Classes\.tdesk"; ValueType: string; ValueName: ""; ValueData: "TourneyDesk.Tournament"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.tdesk\OpenWithProgids"; ValueType: string; ValueName: "TourneyDesk.Tournament"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\TourneyDesk.Tournament"; ValueType: string; ValueName: ""; ValueData: "TourneyDesk tournament"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\TourneyDesk.Tournament\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\TourneyDesk.exe,0"
Root: HKA; Subkey: "Software\Classes\TourneyDesk.Tournament\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\TourneyDesk.exe"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\TourneyDesk.exe\SupportedTypes"; ValueType: string; ValueName: ".tdesk"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\TourneyDesk.exe"; Description: "{cm:LaunchProgram,TourneyDesk}"; Flags: nowait postinstall skipifsilent
