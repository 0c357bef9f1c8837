<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>CashierWindow</name>
    <message numerus="yes">
        <source>%n entries · prize pool {pool}</source>
        <translation>
            <numerusform>%n entry · prize pool {pool}</numerusform>
            <numerusform>%n entries · prize pool {pool}</numerusform>
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
