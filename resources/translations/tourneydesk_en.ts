<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name></name>
    <message numerus="yes">
        <source>%Ln left</source>
        <translation>
            <numerusform>%Ln left</numerusform>
            <numerusform>%Ln left</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln entries</source>
        <translation>
            <numerusform>%Ln entry</numerusform>
            <numerusform>%Ln entries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n players moved</source>
        <translation>
            <numerusform>%n player moved</numerusform>
            <numerusform>%n players moved</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n players seated</source>
        <translation>
            <numerusform>%n player seated</numerusform>
            <numerusform>%n players seated</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LeagueWindow</name>
    <message numerus="yes">
        <source>%n entries</source>
        <translation>
            <numerusform>%n entry</numerusform>
            <numerusform>%n entries</numerusform>
        </translation>
    </message>
</context>
</TS>
