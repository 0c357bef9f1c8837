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
        <source>%n qualifier(s) bagged</source>
        <translation>
            <numerusform>%n qualifier bagged</numerusform>
            <numerusform>%n qualifiers bagged</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n table(s) bagged</source>
        <translation>
            <numerusform>%n table bagged</numerusform>
            <numerusform>%n tables bagged</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>stops at %n left</source>
        <translation>
            <numerusform>stops at %n left</numerusform>
            <numerusform>stops at %n left</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n flight(s)</source>
        <translation>
            <numerusform>%n flight</numerusform>
            <numerusform>%n flights</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n qualifier(s)</source>
        <translation>
            <numerusform>%n qualifier</numerusform>
            <numerusform>%n qualifiers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) to {target}</source>
        <translation>
            <numerusform>%n seat to {target}</numerusform>
            <numerusform>%n seats to {target}</numerusform>
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
    <message numerus="yes">
        <source>%n players left share {money} of prize money still to be paid.</source>
        <translation>
            <numerusform>%n player left takes {money} of prize money still to be paid.</numerusform>
            <numerusform>%n players left share {money} of prize money still to be paid.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mystery envelope(s) left, {money}</source>
        <translation>
            <numerusform>%n mystery envelope left, {money}</numerusform>
            <numerusform>%n mystery envelopes left, {money}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Only %n players can finish: first place takes this share</source>
        <translation>
            <numerusform>Only %n player can finish: first place takes this share</numerusform>
            <numerusform>Only %n players can finish: first place takes this share</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n players</source>
        <translation>
            <numerusform>%n player</numerusform>
            <numerusform>%n players</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Waiting list: %n player(s)</source>
        <translation>
            <numerusform>Waiting list: %n player</numerusform>
            <numerusform>Waiting list: %n players</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Table {number} · %n players</source>
        <translation>
            <numerusform>Table {number} · %n player</numerusform>
            <numerusform>Table {number} · %n players</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln players left</source>
        <translation>
            <numerusform>%Ln player left</numerusform>
            <numerusform>%Ln players left</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln events</source>
        <translation>
            <numerusform>%Ln event</numerusform>
            <numerusform>%Ln events</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n envelope(s)</source>
        <translation>
            <numerusform>%n envelope</numerusform>
            <numerusform>%n envelopes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Late registration closes in %n minutes</source>
        <translation>
            <numerusform>Late registration closes in %n minute</numerusform>
            <numerusform>Late registration closes in %n minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Break, %n minutes.</source>
        <translation>
            <numerusform>Break, %n minute.</numerusform>
            <numerusform>Break, %n minutes.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n levels</source>
        <translation>
            <numerusform>%n level</numerusform>
            <numerusform>%n levels</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{what} is level {value}, but the structure has only %n level(s) of play</source>
        <translation>
            <numerusform>{what} is level {value}, but the structure has only %n level of play</numerusform>
            <numerusform>{what} is level {value}, but the structure has only %n levels of play</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) taken as paid buy-ins</source>
        <translation>
            <numerusform>%n seat taken as a paid buy-in</numerusform>
            <numerusform>%n seats taken as paid buy-ins</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Table {table} bagged · %n bag slip(s): {where}</source>
        <translation>
            <numerusform>Table {table} bagged · %n bag slip: {where}</numerusform>
            <numerusform>Table {table} bagged · %n bag slips: {where}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{title}: %n to move</source>
        <translation>
            <numerusform>{title}: %n to move</numerusform>
            <numerusform>{title}: %n to move</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n members written to {path}</source>
        <translation>
            <numerusform>%n member written to {path}</numerusform>
            <numerusform>%n members written to {path}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n cells that began with = + - or @ were written with an apostrophe first, so that a spreadsheet shows them as text and never runs them)</source>
        <translation>
            <numerusform>(%n cell that began with = + - or @ was written with an apostrophe first, so that a spreadsheet shows it as text and never runs it)</numerusform>
            <numerusform>(%n cells that began with = + - or @ were written with an apostrophe first, so that a spreadsheet shows them as text and never runs them)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n levels of play, from {first} to {last}</source>
        <translation>
            <numerusform>%n level of play, from {first} to {last}</numerusform>
            <numerusform>%n levels of play, from {first} to {last}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n envelope(s) holding {total} of a pool of {pool}</source>
        <translation>
            <numerusform>%n envelope holding {total} of a pool of {pool}</numerusform>
            <numerusform>%n envelopes holding {total} of a pool of {pool}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n flight(s) chosen. How does the Day 2 start?</source>
        <translation>
            <numerusform>%n flight chosen. How does the Day 2 start?</numerusform>
            <numerusform>%n flights chosen. How does the Day 2 start?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{tournament} is over: %n seat(s) to {target} won by {names}</source>
        <translation>
            <numerusform>{tournament} is over: %n seat to {target} won by {names}</numerusform>
            <numerusform>{tournament} is over: %n seats to {target} won by {names}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new</source>
        <translation>
            <numerusform>%n new</numerusform>
            <numerusform>%n new</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filled in</source>
        <translation>
            <numerusform>%n filled in</numerusform>
            <numerusform>%n filled in</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Import %n saves</source>
        <translation>
            <numerusform>&amp;Import %n save</numerusform>
            <numerusform>&amp;Import %n saves</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n formulas that are not points (event triggers, screen layouts) are skipped: they count for nothing</source>
        <translation>
            <numerusform>%n formula that is not points (an event trigger, a screen layout) is skipped: it counts for nothing</numerusform>
            <numerusform>%n formulas that are not points (event triggers, screen layouts) are skipped: they count for nothing</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n nights</source>
        <translation>
            <numerusform>%n night</numerusform>
            <numerusform>%n nights</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new members</source>
        <translation>
            <numerusform>%n new member</numerusform>
            <numerusform>%n new members</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>nothing imported: {count} of %n files cannot be read (--skip-bad imports the others)</source>
        <translation>
            <numerusform>nothing imported: {count} of %n file cannot be read (--skip-bad imports the others)</numerusform>
            <numerusform>nothing imported: {count} of %n files cannot be read (--skip-bad imports the others)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n files</source>
        <translation>
            <numerusform>%n file</numerusform>
            <numerusform>%n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n members added</source>
        <translation>
            <numerusform>%n member added</numerusform>
            <numerusform>%n members added</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n templates</source>
        <translation>
            <numerusform>%n template</numerusform>
            <numerusform>%n templates</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n leagues</source>
        <translation>
            <numerusform>%n league</numerusform>
            <numerusform>%n leagues</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n files cannot be read and are left out</source>
        <translation>
            <numerusform>%n file cannot be read and is left out</numerusform>
            <numerusform>%n files cannot be read and are left out</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) free: call {name} to the cashier</source>
        <translation>
            <numerusform>%n seat free: call {name} to the cashier</numerusform>
            <numerusform>%n seats free: call {name} to the cashier</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Waiting list (%n): {names}</source>
        <translation>
            <numerusform>Waiting list (%n): {names}</numerusform>
            <numerusform>Waiting list (%n): {names}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Sim of %n players (seed {seed}, {config}): winner {winner}, {paid} places paid</source>
        <translation>
            <numerusform>Sim of %n player (seed {seed}, {config}): winner {winner}, {paid} places paid</numerusform>
            <numerusform>Sim of %n players (seed {seed}, {config}): winner {winner}, {paid} places paid</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CashierHeader</name>
    <message numerus="yes">
        <source>%n entries · points only</source>
        <translation>
            <numerusform>%n entry · points only</numerusform>
            <numerusform>%n entries · points only</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entries · prize pool {pool}</source>
        <translation>
            <numerusform>%n entry · prize pool {pool}</numerusform>
            <numerusform>%n entries · prize pool {pool}</numerusform>
        </translation>
    </message>
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
</context>
<context>
    <name>CashierWindow</name>
    <message numerus="yes">
        <source>%n player(s) taken off the waiting list: nothing was taken from them</source>
        <translation>
            <numerusform>%n player taken off the waiting list: nothing was taken from them</numerusform>
            <numerusform>%n players taken off the waiting list: nothing was taken from them</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LeagueWindow</name>
    <message numerus="yes">
        <source>The best %n results of each player count</source>
        <translation>
            <numerusform>The best result of each player counts</numerusform>
            <numerusform>The best %n results of each player count</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entries</source>
        <translation>
            <numerusform>%n entry</numerusform>
            <numerusform>%n entries</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SalePanel</name>
    <message numerus="yes">
        <source>%n entries so far</source>
        <translation>
            <numerusform>%n entry so far</numerusform>
            <numerusform>%n entries so far</numerusform>
        </translation>
    </message>
</context>
</TS>
