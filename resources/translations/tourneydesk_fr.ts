<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name></name>
    <message>
        <source>Opening {file}…</source>
        <translation>Ouverture de {file}…</translation>
    </message>
    <message>
        <source>One minute left in this level</source>
        <translation>Plus qu’une minute dans ce niveau</translation>
    </message>
    <message>
        <source>Cannot open the file</source>
        <translation>Impossible d’ouvrir le fichier</translation>
    </message>
    <message>
        <source>Bust-out</source>
        <translation>Élimination</translation>
    </message>
    <message>
        <source>Who is out? Type part of the name, then Enter.</source>
        <translation>Qui est éliminé&#x202f;? Tapez une partie du nom, puis Entrée.</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>{name} (table {table}, seat {seat}) is out. Who won the pot? Ctrl+Space ticks several; Ctrl+O: also out in this hand; Enter confirms.</source>
        <translation>Élimination&#xa0;: {name} (table {table}, siège {seat}). Qui a gagné le pot&#x202f;? Ctrl+Espace en coche plusieurs&#x202f;; Ctrl+O&#xa0;: une autre élimination dans cette main&#x202f;; Entrée confirme.</translation>
    </message>
    <message>
        <source>Eliminator</source>
        <translation>Éliminateur</translation>
    </message>
    <message>
        <source>Seat {seat}: {name}</source>
        <translation>Siège {seat}&#xa0;: {name}</translation>
    </message>
    <message>
        <source>Seat {seat}: {name} — also out in this hand</source>
        <translation>Siège {seat}&#xa0;: {name} — élimination dans la même main</translation>
    </message>
    <message>
        <source>{name}: chips at the start of the hand</source>
        <translation>{name}&#xa0;: jetons au début de la main</translation>
    </message>
    <message>
        <source>{name} finishes {place}</source>
        <translation>Élimination&#xa0;: {name} (place {place})</translation>
    </message>
    <message>
        <source>{name} is out</source>
        <translation>Élimination&#xa0;: {name}</translation>
    </message>
    <message>
        <source>(for now: may still re-enter)</source>
        <translation>(provisoire&#xa0;: peut encore revenir)</translation>
    </message>
    <message>
        <source>prize {amount}</source>
        <translation>gain {amount}</translation>
    </message>
    <message>
        <source>{name} wins {cash} in bounty</source>
        <translation>{name} gagne {cash} de prime</translation>
    </message>
    <message>
        <source>(+{head} on their head)</source>
        <translation>(+{head} sur sa tête)</translation>
    </message>
    <message>
        <source>Break</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Level %1</source>
        <translation>Niveau %1</translation>
    </message>
    <message>
        <source>overtime</source>
        <translation>prolongation</translation>
    </message>
    <message>
        <source>no ante</source>
        <translation>pas d’ante</translation>
    </message>
    <message>
        <source>big blind ante</source>
        <translation>ante grosse blinde</translation>
    </message>
    <message>
        <source>ante</source>
        <translation>ante</translation>
    </message>
    <message>
        <source>Next: break, %1 min</source>
        <translation>Ensuite&#xa0;: pause, %1 min</translation>
    </message>
    <message>
        <source>Next: %1</source>
        <translation>Ensuite&#xa0;: %1</translation>
    </message>
    <message>
        <source>{chips} ({big_blinds} BB)</source>
        <translation>{chips} ({big_blinds} BB)</translation>
    </message>
    <message>
        <source>{left} of {entries} · average {average}</source>
        <translation>{left} sur {entries} · moyenne {average}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln left</source>
        <translation>
            <numerusform>%Ln restant</numerusform>
            <numerusform>%Ln restants</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln entries</source>
        <translation>
            <numerusform>%Ln entrée</numerusform>
            <numerusform>%Ln entrées</numerusform>
        </translation>
    </message>
    <message>
        <source>chip leader {name} {chips}</source>
        <translation>plus gros tapis {name} {chips}</translation>
    </message>
    <message numerus="yes">
        <source>%n qualifier(s) bagged</source>
        <translation>
            <numerusform>%n qualifié mis en sac</numerusform>
            <numerusform>%n qualifiés mis en sac</numerusform>
        </translation>
    </message>
    <message>
        <source>stopped: bag the chips (Ctrl+Shift+G)</source>
        <translation>arrêté&#xa0;: mettez les jetons en sac (Ctrl+Maj+G)</translation>
    </message>
    <message numerus="yes">
        <source>%n table(s) bagged</source>
        <translation>
            <numerusform>%n table mise en sac</numerusform>
            <numerusform>%n tables mises en sac</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>stops at %n left</source>
        <translation>
            <numerusform>s’arrête à %n joueur restant</numerusform>
            <numerusform>s’arrête à %n joueurs restants</numerusform>
        </translation>
    </message>
    <message>
        <source>stops after level {level}</source>
        <translation>s’arrête après le niveau {level}</translation>
    </message>
    <message>
        <source>pays its places on Day 1 (paid so far {amount})</source>
        <translation>paie ses places au jour 1 (déjà payé {amount})</translation>
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
            <numerusform>%n qualifié</numerusform>
            <numerusform>%n qualifiés</numerusform>
        </translation>
    </message>
    <message>
        <source>combined pool {pool}</source>
        <translation>prize pool total {pool}</translation>
    </message>
    <message>
        <source>{amount} paid on Day 1</source>
        <translation>{amount} payés au jour 1</translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) to {target}</source>
        <translation>
            <numerusform>%n ticket pour {target}</numerusform>
            <numerusform>%n tickets pour {target}</numerusform>
        </translation>
    </message>
    <message>
        <source>{value} each</source>
        <translation>{value} chacun</translation>
    </message>
    <message>
        <source>left over {amount}</source>
        <translation>reste {amount}</translation>
    </message>
    <message>
        <source>Not started: press Space to start</source>
        <translation>Pas commencé&#xa0;: appuyez sur Espace pour démarrer</translation>
    </message>
    <message>
        <source>PAUSED</source>
        <translation>HORLOGE EN PAUSE</translation>
    </message>
    <message>
        <source>Hand-for-hand: hand %1</source>
        <translation>Main par main&#xa0;: main %1</translation>
    </message>
    <message>
        <source>Colour-up: %1</source>
        <translation>Changement de jetons&#xa0;: %1</translation>
    </message>
    <message>
        <source>Late registration closes in %1</source>
        <translation>Fin des inscriptions tardives dans %1</translation>
    </message>
    <message>
        <source>Registration open</source>
        <translation>Inscriptions ouvertes</translation>
    </message>
    <message>
        <source>Registration closed</source>
        <translation>Inscriptions closes</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Arrêté</translation>
    </message>
    <message>
        <source>Bagged</source>
        <translation>En sac</translation>
    </message>
    <message>
        <source>Bag the chips: Ctrl+Shift+G</source>
        <translation>Mettez les jetons en sac&#xa0;: Ctrl+Maj+G</translation>
    </message>
    <message>
        <source>Prize pool %1</source>
        <translation>Dotation %1</translation>
    </message>
    <message>
        <source>Points only: no money, the places give the league points</source>
        <translation>Aux points&#xa0;: pas d’argent, les places donnent les points du championnat</translation>
    </message>
    <message>
        <source>bounties %1</source>
        <translation>primes %1</translation>
    </message>
    <message>
        <source>The desk could not do that ({error}); nothing was written</source>
        <translation>Le bureau n’a pas pu le faire ({error})&#x202f;; rien n’a été écrit</translation>
    </message>
    <message>
        <source>playing</source>
        <translation>en jeu</translation>
    </message>
    <message>
        <source>out</source>
        <translation>hors jeu</translation>
    </message>
    <message>
        <source>abandoned stack</source>
        <translation>tapis abandonné</translation>
    </message>
    <message>
        <source>disqualified</source>
        <translation>disqualification</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>exclusion</translation>
    </message>
    <message>
        <source>re-entry</source>
        <translation>ré-entrée</translation>
    </message>
    <message>
        <source>penalty</source>
        <translation>pénalité</translation>
    </message>
    <message>
        <source>cash</source>
        <translation>espèces</translation>
    </message>
    <message>
        <source>card</source>
        <translation>carte</translation>
    </message>
    <message>
        <source>transfer</source>
        <translation>virement</translation>
    </message>
    <message>
        <source>voucher</source>
        <translation>bon</translation>
    </message>
    <message>
        <source>comp</source>
        <translation>offert</translation>
    </message>
    <message>
        <source>TD console</source>
        <translation>console du directeur</translation>
    </message>
    <message>
        <source>cashier desk</source>
        <translation>caisse</translation>
    </message>
    <message>
        <source>start page</source>
        <translation>page d’accueil</translation>
    </message>
    <message>
        <source>screen</source>
        <translation>écran</translation>
    </message>
    <message>
        <source>command line</source>
        <translation>ligne de commande</translation>
    </message>
    <message>
        <source>TD</source>
        <translation>directeur</translation>
    </message>
    <message>
        <source>cashier</source>
        <translation>caissier</translation>
    </message>
    <message>
        <source>by {names}</source>
        <translation>par {names}</translation>
    </message>
    <message>
        <source>{chips} chips</source>
        <translation>{chips} jetons</translation>
    </message>
    <message>
        <source>table {from_table} seat {from_seat} → table {table} seat {seat}</source>
        <translation>table {from_table} siège {from_seat} → table {table} siège {seat}</translation>
    </message>
    <message>
        <source>table {table} seat {seat}</source>
        <translation>table {table} siège {seat}</translation>
    </message>
    <message>
        <source>table {table}</source>
        <translation>table {table}</translation>
    </message>
    <message numerus="yes">
        <source>%n players moved</source>
        <translation>
            <numerusform>%n joueur déplacé</numerusform>
            <numerusform>%n joueurs déplacés</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n players seated</source>
        <translation>
            <numerusform>%n joueur placé</numerusform>
            <numerusform>%n joueurs placés</numerusform>
        </translation>
    </message>
    <message>
        <source>hand {hand}</source>
        <translation>main {hand}</translation>
    </message>
    <message>
        <source>takes back {what}</source>
        <translation>annule {what}</translation>
    </message>
    <message>
        <source>#</source>
        <translation>n°</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <source>Station</source>
        <translation>Poste</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Qui</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Événement</translation>
    </message>
    <message>
        <source>Undone</source>
        <translation>Annulé</translation>
    </message>
    <message>
        <source>Event log</source>
        <translation>Journal des événements</translation>
    </message>
    <message>
        <source>Filter the log (name, kind of event)</source>
        <translation>Filtrer le journal (nom, type d’événement)</translation>
    </message>
    <message>
        <source>Undo the selected command (Del)</source>
        <translation>Annuler la commande choisie (Suppr)</translation>
    </message>
    <message>
        <source>Undoing…</source>
        <translation>Annulation…</translation>
    </message>
    <message>
        <source>{name} — table {table}, seat {seat}</source>
        <translation>{name} — table {table}, siège {seat}</translation>
    </message>
    <message>
        <source>Penalty</source>
        <translation>Pénalité</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>minutes</translation>
    </message>
    <message>
        <source>hands</source>
        <translation>mains</translation>
    </message>
    <message>
        <source>e.g. soft play, abusive language</source>
        <translation>p. ex. soft play, propos injurieux</translation>
    </message>
    <message>
        <source>Sit out</source>
        <translation>Exclusion de</translation>
    </message>
    <message>
        <source>Counted in</source>
        <translation>Compté en</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Raison</translation>
    </message>
    <message>
        <source>Clock on a player</source>
        <translation>Horloge sur un joueur</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Time to act (0 takes the clock off)</source>
        <translation>Temps pour agir (0 retire l’horloge)</translation>
    </message>
    <message>
        <source>Note on a player</source>
        <translation>Note sur un joueur</translation>
    </message>
    <message>
        <source>Seen by the TD and the cashier only; empty takes the note off</source>
        <translation>Vue du directeur et de la caisse seulement&#x202f;; vide, elle retire la note</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>Disqualify or remove</source>
        <translation>Disqualifier ou exclure</translation>
    </message>
    <message>
        <source>Disqualify (UPPS 10.8)</source>
        <translation>Disqualifier (UPPS 10.8)</translation>
    </message>
    <message>
        <source>Remove from the event (UPPS 8.3)</source>
        <translation>Exclure du tournoi (UPPS 8.3)</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Décision</translation>
    </message>
    <message>
        <source>Chips taken out of play</source>
        <translation>Jetons retirés du jeu</translation>
    </message>
    <message>
        <source>Move a player</source>
        <translation>Déplacer un joueur</translation>
    </message>
    <message>
        <source>To table</source>
        <translation>Vers la table</translation>
    </message>
    <message>
        <source>Chips removed at a colour-up</source>
        <translation>Jetons retirés lors d’un changement de jetons</translation>
    </message>
    <message>
        <source>Colour-up of the {chips}</source>
        <translation>Changement des jetons de {chips}</translation>
    </message>
    <message>
        <source>No penalty and no player on the clock.</source>
        <translation>Aucune pénalité et aucun joueur sous horloge.</translation>
    </message>
    <message>
        <source>⏱ {name}: on the clock, {time} left</source>
        <translation>⏱ {name}&#xa0;: sous horloge, encore {time}</translation>
    </message>
    <message>
        <source>{name}: penalty, {time} left</source>
        <translation>{name}&#xa0;: pénalité, encore {time}</translation>
    </message>
    <message>
        <source>{name}: penalty of {hands} hands</source>
        <translation>{name}&#xa0;: pénalité de {hands} mains</translation>
    </message>
    <message>
        <source>Find a player (Ctrl+F): type part of the name</source>
        <translation>Trouver un joueur (Ctrl+F)&#xa0;: tapez une partie du nom</translation>
    </message>
    <message>
        <source>What to do now</source>
        <translation>À faire maintenant</translation>
    </message>
    <message>
        <source>Penalties and player clocks</source>
        <translation>Pénalités et horloges joueurs</translation>
    </message>
    <message>
        <source>Read-only: nothing can be changed in this file</source>
        <translation>Lecture seule&#xa0;: rien ne peut être modifié dans ce fichier</translation>
    </message>
    <message>
        <source>Floor</source>
        <translation>Arbitrage</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>Tables</translation>
    </message>
    <message>
        <source>Sync status unavailable: {error}</source>
        <translation>État de la synchronisation indisponible&#xa0;: {error}</translation>
    </message>
    <message>
        <source>Sync status unavailable</source>
        <translation>État de la synchronisation indisponible</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;Cashier desk</source>
        <translation>&amp;Caisse</translation>
    </message>
    <message>
        <source>Projector &amp;display</source>
        <translation>Écran de &amp;projection</translation>
    </message>
    <message>
        <source>Results &amp;website…</source>
        <translation>S&amp;ite des résultats…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>É&amp;dition</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>&amp;Event log</source>
        <translation>&amp;Journal des événements</translation>
    </message>
    <message>
        <source>&amp;Structure…</source>
        <translation>&amp;Structure…</translation>
    </message>
    <message>
        <source>&amp;Prize structure…</source>
        <translation>Structure des &amp;gains…</translation>
    </message>
    <message>
        <source>Mystery en&amp;velopes…</source>
        <translation>En&amp;veloppes mystère…</translation>
    </message>
    <message>
        <source>&amp;Clock</source>
        <translation>&amp;Horloge</translation>
    </message>
    <message>
        <source>Start / pause</source>
        <translation>Démarrer / pause</translation>
    </message>
    <message>
        <source>&amp;Next level</source>
        <translation>Niveau &amp;suivant</translation>
    </message>
    <message>
        <source>&amp;Previous level</source>
        <translation>Niveau &amp;précédent</translation>
    </message>
    <message>
        <source>Add one minute</source>
        <translation>Ajouter une minute</translation>
    </message>
    <message>
        <source>Take one minute off</source>
        <translation>Retirer une minute</translation>
    </message>
    <message>
        <source>&amp;Jump to a level…</source>
        <translation>&amp;Aller à un niveau…</translation>
    </message>
    <message>
        <source>&amp;Chips removed at a colour-up…</source>
        <translation>&amp;Jetons retirés lors d’un changement de jetons…</translation>
    </message>
    <message>
        <source>&amp;Players</source>
        <translation>&amp;Joueurs</translation>
    </message>
    <message>
        <source>&amp;Find a player</source>
        <translation>&amp;Trouver un joueur</translation>
    </message>
    <message>
        <source>&amp;Bust-out…</source>
        <translation>É&amp;limination…</translation>
    </message>
    <message>
        <source>&amp;Penalty…</source>
        <translation>&amp;Pénalité…</translation>
    </message>
    <message>
        <source>Tournament se&amp;ttings…</source>
        <translation>&amp;Réglages du tournoi…</translation>
    </message>
    <message>
        <source>&amp;New tournament…</source>
        <translation>&amp;Nouveau tournoi…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Ouvrir…</translation>
    </message>
    <message>
        <source>Open rec&amp;ent</source>
        <translation>Récen&amp;ts</translation>
    </message>
    <message>
        <source>Back to the &amp;start page</source>
        <translation>Retour à la page d’&amp;accueil</translation>
    </message>
    <message>
        <source>Clock &amp;on a player…</source>
        <translation>Horloge sur un &amp;joueur…</translation>
    </message>
    <message>
        <source>&amp;Disqualify…</source>
        <translation>&amp;Disqualifier…</translation>
    </message>
    <message>
        <source>Note on a p&amp;layer…</source>
        <translation>&amp;Note sur un joueur…</translation>
    </message>
    <message>
        <source>C&amp;hip count…</source>
        <translation>&amp;Compte des jetons…</translation>
    </message>
    <message>
        <source>Ba&amp;g the flight&apos;s chips…</source>
        <translation>Mettre les jetons du &amp;flight en sac…</translation>
    </message>
    <message>
        <source>Holds a seat to the satellite&apos;s target (on / off)</source>
        <translation>Détient un ticket pour l’objectif du satellite (oui / non)</translation>
    </message>
    <message>
        <source>Take a satellite&apos;s seats…</source>
        <translation>Reprendre les tickets d’un satellite…</translation>
    </message>
    <message>
        <source>D&amp;eal at the final table…</source>
        <translation>D&amp;eal en table finale…</translation>
    </message>
    <message>
        <source>E&amp;nd the tournament…</source>
        <translation>Ter&amp;miner le tournoi…</translation>
    </message>
    <message>
        <source>&amp;Move to a seat…</source>
        <translation>Déplacer vers un &amp;siège…</translation>
    </message>
    <message>
        <source>&amp;Seating</source>
        <translation>&amp;Placement</translation>
    </message>
    <message>
        <source>Apply the &amp;next step</source>
        <translation>Appliquer l’étape &amp;suivante</translation>
    </message>
    <message>
        <source>Apply &amp;every step</source>
        <translation>Appliquer &amp;toutes les étapes</translation>
    </message>
    <message>
        <source>Hand-for-hand: next &amp;hand</source>
        <translation>Main par main&#xa0;: &amp;main suivante</translation>
    </message>
    <message>
        <source>Hand-for-hand on / off</source>
        <translation>Main par main oui / non</translation>
    </message>
    <message>
        <source>Take everyone off the waiting list</source>
        <translation>Retirer tout le monde de la liste d’attente</translation>
    </message>
    <message>
        <source>&amp;Room</source>
        <translation>&amp;Salle</translation>
    </message>
    <message>
        <source>&amp;Message to the room…</source>
        <translation>&amp;Message à la salle…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>&amp;Plein écran</translation>
    </message>
    <message>
        <source>&amp;Undo: {what}</source>
        <translation>&amp;Annuler&#xa0;: {what}</translation>
    </message>
    <message>
        <source>{name} — TourneyDesk ({file}, read-only)</source>
        <translation>{name} — TourneyDesk ({file}, lecture seule)</translation>
    </message>
    <message>
        <source>{name} — TourneyDesk ({file})</source>
        <translation>{name} — TourneyDesk ({file})</translation>
    </message>
    <message>
        <source>{shown} of {total}</source>
        <translation>{shown} sur {total}</translation>
    </message>
    <message>
        <source>Clock started</source>
        <translation>Horloge démarrée</translation>
    </message>
    <message>
        <source>Clock paused</source>
        <translation>Horloge en pause</translation>
    </message>
    <message>
        <source>Clock running</source>
        <translation>Horloge en marche</translation>
    </message>
    <message>
        <source>Next level</source>
        <translation>Niveau suivant</translation>
    </message>
    <message>
        <source>Previous level</source>
        <translation>Niveau précédent</translation>
    </message>
    <message>
        <source>Level set</source>
        <translation>Niveau réglé</translation>
    </message>
    <message>
        <source>Clock adjusted</source>
        <translation>Horloge ajustée</translation>
    </message>
    <message>
        <source>No table is open</source>
        <translation>Aucune table n’est ouverte</translation>
    </message>
    <message>
        <source>This tournament is not a flight: nothing is bagged</source>
        <translation>Ce tournoi n’est pas un flight&#xa0;: rien n’est mis en sac</translation>
    </message>
    <message>
        <source>The flight plays on: its chips are bagged once it has stopped</source>
        <translation>Le flight continue&#xa0;: ses jetons sont mis en sac une fois qu’il s’est arrêté</translation>
    </message>
    <message>
        <source>Every table of the flight is bagged</source>
        <translation>Toutes les tables du flight sont mises en sac</translation>
    </message>
    <message numerus="yes">
        <source>Table {table} bagged · %n bag slip(s): {where}</source>
        <translation>
            <numerusform>Table {table} mise en sac · %n fiche de sac&#xa0;: {where}</numerusform>
            <numerusform>Table {table} mise en sac · %n fiches de sac&#xa0;: {where}</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a player first (Ctrl+F, type part of the name, Enter)</source>
        <translation>Choisissez d’abord un joueur (Ctrl+F, une partie du nom, Entrée)</translation>
    </message>
    <message>
        <source>{name} holds a seat to {target} already</source>
        <translation>{name} détient déjà un ticket pour {target}</translation>
    </message>
    <message>
        <source>{name} holds no seat to {target}</source>
        <translation>{name} ne détient pas de ticket pour {target}</translation>
    </message>
    <message>
        <source>The satellite whose seats this tournament takes</source>
        <translation>Le satellite dont ce tournoi reprend les tickets</translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) taken as paid buy-ins</source>
        <translation>
            <numerusform>%n ticket repris comme buy-in payé</numerusform>
            <numerusform>%n tickets repris comme buy-ins payés</numerusform>
        </translation>
    </message>
    <message>
        <source>Take a satellite&apos;s seats</source>
        <translation>Reprendre les tickets d’un satellite</translation>
    </message>
    <message>
        <source>{names} entered this tournament already. Take the other seats and leave them out?</source>
        <translation>{names} est déjà entré dans ce tournoi. Prendre les autres tickets et le laisser de côté&#xa0;?</translation>
    </message>
    <message>
        <source>There is nothing to undo</source>
        <translation>Il n’y a rien à annuler</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Undo this?

{what}</source>
        <translation>Annuler ceci&#x202f;?

{what}</translation>
    </message>
    <message>
        <source>End the tournament now? {name} wins.</source>
        <translation>Terminer le tournoi maintenant&#x202f;? {name} l’emporte.</translation>
    </message>
    <message>
        <source>{name} is the last player left, but late registration (or a rebuy) is still open. End the tournament now? No one can register or come back after.</source>
        <translation>{name} est le dernier joueur en jeu, mais l’inscription tardive (ou une recave) est encore ouverte. Terminer le tournoi maintenant&#x202f;? Plus personne ne pourra s’inscrire ni revenir ensuite.</translation>
    </message>
    <message>
        <source>End the tournament</source>
        <translation>Terminer le tournoi</translation>
    </message>
    <message>
        <source>Undoing: {what}</source>
        <translation>Annulation&#xa0;: {what}</translation>
    </message>
    <message>
        <source>Undone: {what}</source>
        <translation>Annulé&#xa0;: {what}</translation>
    </message>
    <message>
        <source>In the money</source>
        <translation>Dans l’argent</translation>
    </message>
    <message numerus="yes">
        <source>{title}: %n to move</source>
        <translation>
            <numerusform>{title}&#xa0;: %n à déplacer</numerusform>
            <numerusform>{title}&#xa0;: %n à déplacer</numerusform>
        </translation>
    </message>
    <message>
        <source>No other tournament opened lately</source>
        <translation>Aucun autre tournoi ouvert récemment</translation>
    </message>
    <message>
        <source>The cashier desk closes with it.</source>
        <translation>La caisse se ferme avec elle.</translation>
    </message>
    <message>
        <source>The projector display closes with it.</source>
        <translation>L’écran de projection se ferme avec elle.</translation>
    </message>
    <message>
        <source>The cashier desk and the projector display close with it.</source>
        <translation>La caisse et l’écran de projection se ferment avec elle.</translation>
    </message>
    <message>
        <source>The clock is running: it keeps running in the file while the program is closed, and shows the right time when the file is opened again.</source>
        <translation>L’horloge tourne&#xa0;: elle continue de tourner dans le fichier pendant que le programme est fermé, et affiche la bonne heure quand le fichier est rouvert.</translation>
    </message>
    <message>
        <source>Close the console?</source>
        <translation>Fermer la console&#x202f;?</translation>
    </message>
    <message>
        <source>Close this tournament and go back to the start page?</source>
        <translation>Fermer ce tournoi et revenir à la page d’accueil&#x202f;?</translation>
    </message>
    <message>
        <source>Jump to a level</source>
        <translation>Aller à un niveau</translation>
    </message>
    <message>
        <source>Break, {minutes} min</source>
        <translation>Pause, {minutes} min</translation>
    </message>
    <message>
        <source>Level {number}: {blinds}</source>
        <translation>Niveau {number}&#xa0;: {blinds}</translation>
    </message>
    <message>
        <source>Draw the final table</source>
        <translation>Tirer la table finale</translation>
    </message>
    <message>
        <source>Break table {table}</source>
        <translation>Casser la table {table}</translation>
    </message>
    <message>
        <source>Open table {table}</source>
        <translation>Ouvrir la table {table}</translation>
    </message>
    <message>
        <source>Move {name}: table {t1} seat {s1} → table {t2} seat {s2}</source>
        <translation>Déplacer {name}&#xa0;: table {t1} siège {s1} → table {t2} siège {s2}</translation>
    </message>
    <message>
        <source>Where is the button at table {table}?</source>
        <translation>Où est le bouton à la table {table}&#x202f;?</translation>
    </message>
    <message>
        <source>Go hand-for-hand: the next bust reaches a pay jump</source>
        <translation>Passer main par main&#xa0;: la prochaine élimination atteint un palier de gains</translation>
    </message>
    <message>
        <source>Go hand-for-hand: the next bust forms the final table</source>
        <translation>Passer main par main&#xa0;: la prochaine élimination forme la table finale</translation>
    </message>
    <message>
        <source>Go hand-for-hand: the next bust is the bubble</source>
        <translation>Passer en main par main&#xa0;: la prochaine élimination est la bulle</translation>
    </message>
    <message>
        <source>Final table: {players} left fit at one table of {size}; redraw every seat at table {table}, with the button</source>
        <translation>Table finale&#xa0;: il reste {players}, qui tiennent à une table de {size}&#x202f;; tirer toutes les places à la table {table}, avec le bouton</translation>
    </message>
    <message>
        <source>Table {table} is empty: close it</source>
        <translation>La table {table} est vide&#xa0;: la fermer</translation>
    </message>
    <message>
        <source>Table {table} breaks: {players} fit on {tables} tables</source>
        <translation>La table {table} casse&#xa0;: {players} tiennent sur {tables} tables</translation>
    </message>
    <message>
        <source>Table {table} opens with {players}: bring players from the fullest tables</source>
        <translation>La table {table} ouvre avec {players}&#xa0;: y amener des joueurs des tables les plus pleines</translation>
    </message>
    <message>
        <source>Which seat has the button at table {table}?</source>
        <translation>Quel siège a le bouton à la table {table}&#x202f;?</translation>
    </message>
    <message>
        <source>table {to_table} is down to {players}</source>
        <translation>la table {to_table} n’a plus que {players}</translation>
    </message>
    <message>
        <source>table {from_table} has {high} and table {to_table} has {low}</source>
        <translation>la table {from_table} a {high} joueurs et la table {to_table} en a {low}</translation>
    </message>
    <message>
        <source>Balance: {why}; {name} (big blind next) moves from table {t1} seat {s1} to table {t2} seat {s2}</source>
        <translation>Équilibrage&#xa0;: {why}&#x202f;; {name} (prochaine grosse blinde) passe de la table {t1} siège {s1} à la table {t2} siège {s2}</translation>
    </message>
    <message>
        <source>The next bust is the bubble: {players} left, {paid} paid: play hand-for-hand</source>
        <translation>La prochaine élimination est la bulle&#xa0;: il reste {players}, {paid} payés&#xa0;: jouer main par main</translation>
    </message>
    <message>
        <source>The next bust reaches the pay jump to {jump} places: {players} left: play hand-for-hand</source>
        <translation>La prochaine élimination atteint le palier des {jump} places payées&#xa0;: il reste {players}&#xa0;: jouer main par main</translation>
    </message>
    <message>
        <source>The next bust forms the final table: {players} left: play hand-for-hand</source>
        <translation>La prochaine élimination forme la table finale&#xa0;: il reste {players}&#xa0;: jouer main par main</translation>
    </message>
    <message>
        <source>Next hand (F3)</source>
        <translation>Main suivante (F3)</translation>
    </message>
    <message>
        <source>End hand-for-hand</source>
        <translation>Terminer le main par main</translation>
    </message>
    <message>
        <source>Apply every step (Shift+F2)</source>
        <translation>Appliquer toutes les étapes (Maj+F2)</translation>
    </message>
    <message>
        <source>No table breaks while late registration is open (the tournament&apos;s setting): the tables are balanced instead.</source>
        <translation>Aucune table n’est cassée tant que les inscriptions tardives sont ouvertes (réglage du tournoi)&#xa0;: les tables sont équilibrées à la place.</translation>
    </message>
    <message>
        <source>Take everyone off the waiting list (Ctrl+Shift+Q)</source>
        <translation>Retirer tout le monde de la liste d’attente (Ctrl+Maj+Q)</translation>
    </message>
    <message>
        <source>Hand-for-hand: hand {hand}</source>
        <translation>Main par main&#xa0;: main {hand}</translation>
    </message>
    <message>
        <source>Nothing to do: the tables are balanced.</source>
        <translation>Rien à faire&#xa0;: les tables sont équilibrées.</translation>
    </message>
    <message>
        <source>seat </source>
        <translation>siège </translation>
    </message>
    <message numerus="yes">
        <source>%n players</source>
        <translation>
            <numerusform>%n joueur</numerusform>
            <numerusform>%n joueurs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Waiting list: %n player(s)</source>
        <translation>
            <numerusform>Liste d’attente&#xa0;: %n joueur</numerusform>
            <numerusform>Liste d’attente&#xa0;: %n joueurs</numerusform>
        </translation>
    </message>
    <message>
        <source>Set the button</source>
        <translation>Placer le bouton</translation>
    </message>
    <message>
        <source>Apply (F2)</source>
        <translation>Appliquer (F2)</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Appliquer</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>Entrée</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <source>Stack</source>
        <translation>Tapis</translation>
    </message>
    <message>
        <source>Big blinds</source>
        <translation>Grosses blindes</translation>
    </message>
    <message>
        <source>Mystery won</source>
        <translation>Mystère gagné</translation>
    </message>
    <message>
        <source>seat won</source>
        <translation>ticket gagné</translation>
    </message>
    <message>
        <source>Seat to {target} + {cash}</source>
        <translation>Ticket pour {target} + {cash}</translation>
    </message>
    <message>
        <source>Seat to {target}</source>
        <translation>Ticket pour {target}</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Siège</translation>
    </message>
    <message>
        <source>Bounty</source>
        <translation>Prime</translation>
    </message>
    <message>
        <source>Bounties won</source>
        <translation>Primes gagnées</translation>
    </message>
    <message>
        <source>to the winner</source>
        <translation>au vainqueur</translation>
    </message>
    <message>
        <source>to the final table, in equal shares</source>
        <translation>à la table finale, en parts égales</translation>
    </message>
    <message>
        <source>to the last knockouts</source>
        <translation>aux dernières éliminations</translation>
    </message>
    <message>
        <source>ICM</source>
        <translation>ICM</translation>
    </message>
    <message>
        <source>Each player gets what their stack is worth in prize money (Malmuth-Harville).</source>
        <translation>Chaque joueur reçoit ce que vaut son tapis en gains (Malmuth-Harville).</translation>
    </message>
    <message>
        <source>Chip chop</source>
        <translation>Chip chop</translation>
    </message>
    <message>
        <source>Everyone gets the next prize out; the rest is shared by chips.</source>
        <translation>Chacun reçoit le prochain gain&#x202f;; le reste est partagé au prorata des jetons.</translation>
    </message>
    <message>
        <source>Custom amounts</source>
        <translation>Montants libres</translation>
    </message>
    <message>
        <source>Type the amounts agreed on; they must add up to the money left.</source>
        <translation>Tapez les montants convenus&#x202f;; leur somme doit égaler l’argent restant.</translation>
    </message>
    <message>
        <source>Deal</source>
        <translation>Deal</translation>
    </message>
    <message numerus="yes">
        <source>%n players left share {money} of prize money still to be paid.</source>
        <translation>
            <numerusform>Le joueur restant reçoit {money} de gains encore à payer.</numerusform>
            <numerusform>Les %n joueurs restants se partagent {money} de gains encore à payer.</numerusform>
        </translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Méthode</translation>
    </message>
    <message>
        <source>Keep back for the winner</source>
        <translation>Réserver pour le vainqueur</translation>
    </message>
    <message>
        <source>Envelopes left</source>
        <translation>Enveloppes restantes</translation>
    </message>
    <message>
        <source>&amp;End the tournament here: the places go by deal amount, biggest first</source>
        <translation>&amp;Terminer le tournoi ici&#xa0;: les places suivent le montant du deal, le plus gros d’abord</translation>
    </message>
    <message>
        <source>Make the &amp;deal</source>
        <translation>&amp;Conclure le deal</translation>
    </message>
    <message>
        <source>Deal amount</source>
        <translation>Montant du deal</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Place</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <source>Table / seat</source>
        <translation>Table / siège</translation>
    </message>
    <message>
        <source>Chips</source>
        <translation>Jetons</translation>
    </message>
    <message>
        <source>{table} / {seat}</source>
        <translation>{table} / {seat}</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Deal amount ({currency})</source>
        <translation>Montant du deal ({currency})</translation>
    </message>
    <message>
        <source>As the house says: {rule}</source>
        <translation>Comme le veut la maison&#xa0;: {rule}</translation>
    </message>
    <message>
        <source>Drawn on by the knockouts after the deal</source>
        <translation>Tirées par les éliminations après le deal</translation>
    </message>
    <message>
        <source>Shared now by the players in the deal</source>
        <translation>Partagées maintenant par les joueurs du deal</translation>
    </message>
    <message>
        <source>{what}: “{text}” is not an amount of money</source>
        <translation>{what}&#xa0;: «&#xa0;{text}&#xa0;» n’est pas une somme d’argent</translation>
    </message>
    <message>
        <source>The amounts add up to {dealt}, {gap} more than the {total} to share</source>
        <translation>Les montants font {dealt}, {gap} de plus que les {total} à partager</translation>
    </message>
    <message>
        <source>The amounts add up to {dealt}, {gap} less than the {total} to share</source>
        <translation>Les montants font {dealt}, {gap} de moins que les {total} à partager</translation>
    </message>
    <message>
        <source>At most {most} can be kept back for the winner (first prize less second prize)</source>
        <translation>Au plus {most} peut être réservé au vainqueur (premier gain moins le deuxième)</translation>
    </message>
    <message>
        <source>Type in every player&apos;s chips: the deal is worked out from the stacks.</source>
        <translation>Tapez les jetons de chaque joueur&#xa0;: le deal se calcule sur les tapis.</translation>
    </message>
    <message>
        <source>The stacks add up to {counted} chips, but {in_play} are in play: count again?</source>
        <translation>Les tapis font {counted} jetons, mais {in_play} sont en jeu&#xa0;: recompter&#x202f;?</translation>
    </message>
    <message>
        <source>{money} is kept back: whoever wins the tournament takes it on top of their deal.</source>
        <translation>{money} est réservé&#xa0;: le vainqueur du tournoi le reçoit en plus de son deal.</translation>
    </message>
    <message numerus="yes">
        <source>%n mystery envelope(s) left, {money}</source>
        <translation>
            <numerusform>%n enveloppe mystère restante, {money}</numerusform>
            <numerusform>%n enveloppes mystère restantes, {money}</numerusform>
        </translation>
    </message>
    <message>
        <source>{left}: the knockouts after the deal draw them; at the finish, what is left goes {rule}.</source>
        <translation>{left}&#xa0;: les éliminations après le deal les tirent&#xa0;; à la fin, ce qui reste va {rule}.</translation>
    </message>
    <message>
        <source>{left}, paid with the deal: {shares}.</source>
        <translation>{left}, payées avec le deal&#xa0;: {shares}.</translation>
    </message>
    <message>
        <source>{share} %</source>
        <translation>{share} %</translation>
    </message>
    <message>
        <source>Prize</source>
        <translation>Gain</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Part</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Terminé</translation>
    </message>
    <message>
        <source>Finished</source>
        <comment>who finished at the place</comment>
        <translation>Classé</translation>
    </message>
    <message>
        <source>The desk takes no change to the prizes now</source>
        <translation>Le bureau n’accepte plus de changement des gains</translation>
    </message>
    <message>
        <source>Already paid: a new share changes a prize the cashier has handed over</source>
        <translation>Déjà payé&#xa0;: une nouvelle part change un gain que la caisse a déjà versé</translation>
    </message>
    <message numerus="yes">
        <source>Only %n players can finish: first place takes this share</source>
        <translation>
            <numerusform>Seul %n joueur peut être classé&#xa0;: la première place prend cette part</numerusform>
            <numerusform>Seuls %n joueurs peuvent être classés&#xa0;: la première place prend cette part</numerusform>
        </translation>
    </message>
    <message>
        <source>Prize structure</source>
        <translation>Structure des gains</translation>
    </message>
    <message>
        <source>Each place&apos;s share of the prize pool, first place first: no place pays more than the place above it, and together the shares make the whole pool. Type on a share to change it. Places already finished get the new prizes too.</source>
        <translation>La part de la dotation de chaque place, la première d’abord&#xa0;: aucune place ne paie plus que celle au-dessus, et les parts font ensemble toute la dotation. Tapez sur une part pour la changer. Les places déjà classées reçoivent aussi les nouveaux gains.</translation>
    </message>
    <message>
        <source>Add a place (Ctrl+N)</source>
        <translation>Ajouter une place (Ctrl+N)</translation>
    </message>
    <message>
        <source>Remove the last place (Ctrl+Del)</source>
        <translation>Retirer la dernière place (Ctrl+Suppr)</translation>
    </message>
    <message>
        <source>Prize pool: {pool}</source>
        <translation>Dotation&#xa0;: {pool}</translation>
    </message>
    <message>
        <source>Prize pool: {pool}. Prizes are paid in multiples of {unit}; first place takes what the rounding leaves.</source>
        <translation>Dotation&#xa0;: {pool}. Les gains sont payés par multiples de {unit}&#x202f;; la première place prend ce que l’arrondi laisse.</translation>
    </message>
    <message>
        <source>{name} (paid)</source>
        <translation>{name} (payé)</translation>
    </message>
    <message>
        <source>Total: {share}</source>
        <translation>Total&#xa0;: {share}</translation>
    </message>
    <message>
        <source>Place {place} has been paid already ({amount}); it would now pay {after}.</source>
        <translation>La place {place} a déjà été payée ({amount})&#x202f;; elle paierait maintenant {after}.</translation>
    </message>
    <message>
        <source>Place {place} needs a share above {zero}.</source>
        <translation>La place {place} doit avoir une part supérieure à {zero}.</translation>
    </message>
    <message>
        <source>Place {place} ({share}) cannot pay more than place {above} ({above_share}).</source>
        <translation>La place {place} ({share}) ne peut pas payer plus que la place {above} ({above_share}).</translation>
    </message>
    <message>
        <source>The shares make {total}: take {gap} off the places.</source>
        <translation>Les parts font {total}&#xa0;: retirez {gap} aux places.</translation>
    </message>
    <message>
        <source>The shares make {total}: {gap} is left to give to the places.</source>
        <translation>Les parts font {total}&#xa0;: il reste {gap} à donner aux places.</translation>
    </message>
    <message>
        <source>Provisional: the player may still re-enter</source>
        <translation>Provisoire&#xa0;: le joueur peut encore revenir</translation>
    </message>
    <message>
        <source>Tournament settings</source>
        <translation>Réglages du tournoi</translation>
    </message>
    <message>
        <source>New tournament: every setting</source>
        <translation>Nouveau tournoi&#xa0;: tous les réglages</translation>
    </message>
    <message>
        <source>Load a template… (Ctrl+Shift+O)</source>
        <translation>Charger un modèle… (Ctrl+Maj+O)</translation>
    </message>
    <message>
        <source>Save as a template… (Ctrl+Shift+S)</source>
        <translation>Enregistrer comme modèle… (Ctrl+Maj+S)</translation>
    </message>
    <message>
        <source>Prize pool</source>
        <translation>Dotation</translation>
    </message>
    <message>
        <source>Fee (the house)</source>
        <translation>Frais (la maison)</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Général</translation>
    </message>
    <message>
        <source>Date (2026-12-04)</source>
        <translation>Date (2026-12-04)</translation>
    </message>
    <message>
        <source>Currency (EUR, USD, GBP…)</source>
        <translation>Monnaie (EUR, USD, GBP…)</translation>
    </message>
    <message>
        <source>Starting stack</source>
        <translation>Tapis de départ</translation>
    </message>
    <message>
        <source>Points only: no money at all, the places give the league points</source>
        <translation>Aux points&#xa0;: aucun argent, les places donnent les points du championnat</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>Entrées</translation>
    </message>
    <message>
        <source>The buy-in</source>
        <translation>Le buy-in</translation>
    </message>
    <message>
        <source>Late registration until level</source>
        <translation>Inscriptions tardives jusqu’au niveau</translation>
    </message>
    <message>
        <source>…and through the break after it</source>
        <translation>…et pendant la pause qui suit</translation>
    </message>
    <message>
        <source>Re-entries</source>
        <translation>Ré-entrées</translation>
    </message>
    <message>
        <source>Re-entries per player (0: no limit)</source>
        <translation>Ré-entrées par joueur (0&#xa0;: sans limite)</translation>
    </message>
    <message>
        <source>a new seat drawn</source>
        <translation>un nouveau siège tiré au sort</translation>
    </message>
    <message>
        <source>the same seat may be kept (PKR4U 11)</source>
        <translation>le même siège peut être gardé (PKR4U 11)</translation>
    </message>
    <message>
        <source>Early-bird bonus</source>
        <translation>Bonus early bird</translation>
    </message>
    <message>
        <source>Bonus chips</source>
        <translation>Jetons en bonus</translation>
    </message>
    <message>
        <source>For entries bought before the end of level</source>
        <translation>Pour les entrées achetées avant la fin du niveau</translation>
    </message>
    <message>
        <source>Rebuys and add-on</source>
        <translation>Recaves et add-on</translation>
    </message>
    <message>
        <source>Rebuys</source>
        <translation>Recaves</translation>
    </message>
    <message>
        <source>Rebuys per entry (0: no limit)</source>
        <translation>Recaves par entrée (0&#xa0;: sans limite)</translation>
    </message>
    <message>
        <source>Sold until the end of level</source>
        <translation>Vendues jusqu’à la fin du niveau</translation>
    </message>
    <message>
        <source>Only to a stack at or below</source>
        <translation>Seulement à un tapis inférieur ou égal à</translation>
    </message>
    <message>
        <source>Add-on</source>
        <translation>Add-on</translation>
    </message>
    <message>
        <source>Add-ons per entry</source>
        <translation>Add-ons par entrée</translation>
    </message>
    <message>
        <source>Sold at the break after level</source>
        <translation>Vendu à la pause après le niveau</translation>
    </message>
    <message>
        <source>Bounties</source>
        <translation>Primes</translation>
    </message>
    <message>
        <source>no bounty</source>
        <translation>pas de prime</translation>
    </message>
    <message>
        <source>fixed: the eliminator takes the whole bounty</source>
        <translation>fixe&#xa0;: l’éliminateur prend toute la prime</translation>
    </message>
    <message>
        <source>progressive knockout: part in cash, the rest onto the eliminator&apos;s head</source>
        <translation>knockout progressif&#xa0;: une part en espèces, le reste sur la tête de l’éliminateur</translation>
    </message>
    <message>
        <source>mystery: each knockout draws an envelope from the bounty pool</source>
        <translation>mystère&#xa0;: chaque élimination tire une enveloppe du pot des primes</translation>
    </message>
    <message>
        <source>Paid in cash (progressive, %)</source>
        <translation>Payé en espèces (progressif, %)</translation>
    </message>
    <message>
        <source>Mystery envelopes are won from</source>
        <translation>Les enveloppes mystère se gagnent à partir de</translation>
    </message>
    <message>
        <source>the money</source>
        <translation>l’entrée dans l’argent</translation>
    </message>
    <message>
        <source>a level</source>
        <translation>un niveau</translation>
    </message>
    <message>
        <source>a number of players left</source>
        <translation>un nombre de joueurs restants</translation>
    </message>
    <message>
        <source>Day 2 (the flights collect the pool)</source>
        <translation>le jour 2 (les flights réunissent la cagnotte)</translation>
    </message>
    <message>
        <source>That level, or players left</source>
        <translation>Ce niveau, ou les joueurs restants</translation>
    </message>
    <message>
        <source>Envelopes nobody drew</source>
        <translation>Les enveloppes que personne n’a tirées</translation>
    </message>
    <message>
        <source>go to the winner</source>
        <translation>vont au vainqueur</translation>
    </message>
    <message>
        <source>are shared by the final table</source>
        <translation>sont partagées par la table finale</translation>
    </message>
    <message>
        <source>are drawn by the last knockouts</source>
        <translation>sont tirées par les dernières éliminations</translation>
    </message>
    <message>
        <source>The bounty part of each entry is set with the buy-in (Entries), and a re-entry&apos;s with its price; rebuys and add-ons carry none.</source>
        <translation>La part de prime de chaque entrée se règle avec le buy-in (Entrées), celle d’une ré-entrée avec son prix&#xa0;; recaves et add-ons n’en portent pas.</translation>
    </message>
    <message>
        <source>Seating</source>
        <translation>Placement</translation>
    </message>
    <message>
        <source>The house&apos;s floor: a table stops at (players)</source>
        <translation>Le plancher de la maison&#xa0;: une table s’arrête à (joueurs)</translation>
    </message>
    <message>
        <source>Hand-for-hand also at the pay jumps to (places)</source>
        <translation>Main par main aussi aux paliers de gains (places)</translation>
    </message>
    <message>
        <source>No table breaks while late registration is open</source>
        <translation>Aucune table n’est cassée tant que les inscriptions tardives sont ouvertes</translation>
    </message>
    <message>
        <source>Payouts</source>
        <translation>Paiements</translation>
    </message>
    <message>
        <source>Fixed shares, in percent</source>
        <translation>Parts fixes, en pourcentage</translation>
    </message>
    <message>
        <source>Each prize a multiple of</source>
        <translation>Chaque prix est un multiple de</translation>
    </message>
    <message>
        <source>template</source>
        <translation>modèle</translation>
    </message>
    <message>
        <source>Seats per table</source>
        <translation>Sièges par table</translation>
    </message>
    <message>
        <source>Tables in the room</source>
        <translation>Tables dans la salle</translation>
    </message>
    <message>
        <source>Final table size</source>
        <translation>Taille de la table finale</translation>
    </message>
    <message>
        <source>Balance tolerance (0: only the floor acts)</source>
        <translation>Tolérance d’équilibrage (0&#xa0;: seul le plancher compte)</translation>
    </message>
    <message>
        <source>A moved player waits for</source>
        <translation>Un joueur déplacé attend</translation>
    </message>
    <message>
        <source>the big blind</source>
        <translation>la grosse blinde</translation>
    </message>
    <message>
        <source>one hand</source>
        <translation>une main</translation>
    </message>
    <message>
        <source>Ante at short tables</source>
        <translation>Ante aux tables incomplètes</translation>
    </message>
    <message>
        <source>full ante</source>
        <translation>ante complète</translation>
    </message>
    <message>
        <source>PKR4U 16: half with 3 to 5, none heads-up</source>
        <translation>PKR4U 16&#xa0;: moitié de 3 à 5, aucune en tête-à-tête</translation>
    </message>
    <message>
        <source>Hand-for-hand before the final table too</source>
        <translation>Main par main aussi avant la table finale</translation>
    </message>
    <message>
        <source>Added money</source>
        <translation>Argent ajouté</translation>
    </message>
    <message>
        <source>Guaranteed prize pool</source>
        <translation>Dotation garantie</translation>
    </message>
    <message>
        <source>Busts in one hand-for-hand hand</source>
        <translation>Éliminés dans une même main en main par main</translation>
    </message>
    <message>
        <source>share their places and prizes</source>
        <translation>partagent leurs places et leurs prix</translation>
    </message>
    <message>
        <source>are ranked by their stacks (UPPS 7.2)</source>
        <translation>sont classés par leurs tapis (UPPS 7.2)</translation>
    </message>
    <message>
        <source>The levels of a tournament under way are changed in the structure editor (Edit &gt; Structure, Ctrl+Shift+S), which keeps those already played.</source>
        <translation>Les niveaux d’un tournoi en cours se changent dans l’éditeur de structure (Édition &gt; Structure, Ctrl+Maj+S), qui garde ceux déjà joués.</translation>
    </message>
    <message>
        <source>The chip set (value and colour, as the projector names it)</source>
        <translation>Les jetons (valeur et couleur, comme le projecteur les nomme)</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>Couleur</translation>
    </message>
    <message>
        <source>Add a chip</source>
        <translation>Ajouter un jeton</translation>
    </message>
    <message>
        <source>Remove the chip</source>
        <translation>Retirer le jeton</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>Cet ordinateur</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Langue du système</translation>
    </message>
    <message>
        <source>Language (after a restart)</source>
        <translation>Langue (après redémarrage)</translation>
    </message>
    <message>
        <source>empty: the computer account&apos;s name ({name})</source>
        <translation>vide&#xa0;: le nom du compte de l’ordinateur ({name})</translation>
    </message>
    <message>
        <source>Your name in the event log</source>
        <translation>Votre nom dans le journal</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Small blind</source>
        <translation>Petite blinde</translation>
    </message>
    <message>
        <source>Big blind</source>
        <translation>Grosse blinde</translation>
    </message>
    <message>
        <source>Ante</source>
        <translation>Ante</translation>
    </message>
    <message>
        <source>Ante kind</source>
        <translation>Type d’ante</translation>
    </message>
    <message>
        <source>Minutes</source>
        <translation>Minutes</translation>
    </message>
    <message>
        <source>Colour-up</source>
        <translation>Changement de jetons</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Niveau</translation>
    </message>
    <message>
        <source>Already played: it stays as it was</source>
        <translation>Déjà joué&#xa0;: reste tel quel</translation>
    </message>
    <message>
        <source>Build the levels… (Ctrl+G)</source>
        <translation>Construire les niveaux… (Ctrl+G)</translation>
    </message>
    <message>
        <source>Load levels… (Ctrl+O)</source>
        <translation>Charger des niveaux… (Ctrl+O)</translation>
    </message>
    <message>
        <source>Save levels… (Ctrl+S)</source>
        <translation>Enregistrer les niveaux… (Ctrl+S)</translation>
    </message>
    <message>
        <source>Structure</source>
        <translation>Structure</translation>
    </message>
    <message>
        <source>Levels already played are locked; the running level keeps its elapsed time. Type on a cell to change it; F2 picks the ante kind.</source>
        <translation>Les niveaux déjà joués sont verrouillés&#x202f;; le niveau en cours garde son temps écoulé. Tapez sur une case pour la changer&#x202f;; F2 choisit le type d’ante.</translation>
    </message>
    <message>
        <source>Add a level (Ctrl+L)</source>
        <translation>Ajouter un niveau (Ctrl+L)</translation>
    </message>
    <message>
        <source>Add a break (Ctrl+K)</source>
        <translation>Ajouter une pause (Ctrl+K)</translation>
    </message>
    <message>
        <source>Remove the row (Ctrl+Del)</source>
        <translation>Supprimer la ligne (Ctrl+Suppr)</translation>
    </message>
    <message numerus="yes">
        <source>Table {number} · %n players</source>
        <translation>
            <numerusform>Table {number} · %n joueur</numerusform>
            <numerusform>Table {number} · %n joueurs</numerusform>
        </translation>
    </message>
    <message>
        <source>empty</source>
        <translation>libre</translation>
    </message>
    <message>
        <source>Table {table}, seat {seat}: empty</source>
        <translation>Table {table}, siège {seat}&#xa0;: libre</translation>
    </message>
    <message>
        <source>Table {table}, seat {seat}: {name}</source>
        <translation>Table {table}, siège {seat}&#xa0;: {name}</translation>
    </message>
    <message>
        <source>Drag a player onto an empty seat to move them.</source>
        <translation>Faites glisser un joueur sur un siège libre pour le déplacer.</translation>
    </message>
    <message>
        <source>TourneyDesk</source>
        <translation>TourneyDesk</translation>
    </message>
    <message>
        <source>{minutes} min</source>
        <translation>{minutes} min</translation>
    </message>
    <message>
        <source>{low}–{high} min</source>
        <translation>{low}–{high} min</translation>
    </message>
    <message>
        <source>bounties</source>
        <translation>primes</translation>
    </message>
    <message>
        <source>rebuys</source>
        <translation>recaves</translation>
    </message>
    <message>
        <source>add-on</source>
        <translation>add-on</translation>
    </message>
    <message numerus="yes">
        <source>%n levels</source>
        <translation>
            <numerusform>%n niveau</numerusform>
            <numerusform>%n niveaux</numerusform>
        </translation>
    </message>
    <message>
        <source>buy-in {amount}</source>
        <translation>buy-in {amount}</translation>
    </message>
    <message>
        <source>points only, no money</source>
        <translation>aux points, sans argent</translation>
    </message>
    <message>
        <source>e.g. Friday PKO</source>
        <translation>p. ex. PKO du vendredi</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <source>&amp;Points only: no money at all</source>
        <translation>Aux &amp;points&#xa0;: aucun argent</translation>
    </message>
    <message>
        <source>prize pool</source>
        <translation>dotation</translation>
    </message>
    <message>
        <source>bounty</source>
        <translation>prime</translation>
    </message>
    <message>
        <source>fee</source>
        <translation>frais</translation>
    </message>
    <message>
        <source>S&amp;tructure</source>
        <translation>S&amp;tructure</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>&amp;Nom</translation>
    </message>
    <message>
        <source>&amp;Date</source>
        <translation>&amp;Date</translation>
    </message>
    <message>
        <source>&amp;Buy-in</source>
        <translation>&amp;Buy-in</translation>
    </message>
    <message>
        <source>Starting &amp;stack</source>
        <translation>Tapis de dé&amp;part</translation>
    </message>
    <message>
        <source>&amp;Guarantee</source>
        <translation>&amp;Garantie</translation>
    </message>
    <message>
        <source>Edited: {description}</source>
        <translation>Modifiée&#xa0;: {description}</translation>
    </message>
    <message>
        <source>points only</source>
        <translation>aux points</translation>
    </message>
    <message>
        <source>New tournament</source>
        <translation>Nouveau tournoi</translation>
    </message>
    <message>
        <source>Friday PKO (demo)</source>
        <translation>PKO du vendredi (démo)</translation>
    </message>
    <message>
        <source>&amp;Create… (Ctrl+Enter)</source>
        <translation>&amp;Créer… (Ctrl+Entrée)</translation>
    </message>
    <message>
        <source>Every setting… (Ctrl+E)</source>
        <translation>Tous les réglages… (Ctrl+E)</translation>
    </message>
    <message>
        <source>No tournament opened yet: create one, open a file, or try the demo.</source>
        <translation>Aucun tournoi ouvert pour l’instant&#xa0;: créez-en un, ouvrez un fichier ou essayez la démonstration.</translation>
    </message>
    <message>
        <source>Open a file… (Ctrl+O)</source>
        <translation>Ouvrir un fichier… (Ctrl+O)</translation>
    </message>
    <message>
        <source>Open read-only…</source>
        <translation>Ouvrir en lecture seule…</translation>
    </message>
    <message>
        <source>Open the demo tournament (Ctrl+D)</source>
        <translation>Ouvrir le tournoi de démonstration (Ctrl+D)</translation>
    </message>
    <message>
        <source>New Day 2 from flights… (Ctrl+Shift+N)</source>
        <translation>Nouveau jour 2 à partir des flights… (Ctrl+Maj+N)</translation>
    </message>
    <message>
        <source>Recent tournaments</source>
        <translation>Tournois récents</translation>
    </message>
    <message>
        <source>New tournament file</source>
        <translation>Nouveau fichier de tournoi</translation>
    </message>
    <message>
        <source>The flights of the Day 2</source>
        <translation>Les flights du jour 2</translation>
    </message>
    <message>
        <source>New Day 2 file</source>
        <translation>Nouveau fichier de jour 2</translation>
    </message>
    <message>
        <source>Day 2</source>
        <translation>Jour 2</translation>
    </message>
    <message>
        <source>Tournaments (*.tdesk)</source>
        <translation>Tournois (*.tdesk)</translation>
    </message>
    <message>
        <source>Open a tournament</source>
        <translation>Ouvrir un tournoi</translation>
    </message>
    <message>
        <source>Open a tournament read-only</source>
        <translation>Ouvrir un tournoi en lecture seule</translation>
    </message>
    <message>
        <source>The website holds another history of this tournament from event #{seq}: this file was restored from a backup, or copied. If this file is the true history, publish it: the website keeps the history it replaces, and logs who replaced it and when.</source>
        <translation>Le site web détient une autre histoire de ce tournoi à partir de l’événement n° {seq}&#xa0;: ce fichier a été restauré depuis une sauvegarde, ou copié. Si ce fichier est la vraie histoire, publiez-le&#xa0;: le site garde l’histoire qu’il remplace, et note qui l’a remplacée et quand.</translation>
    </message>
    <message>
        <source>Replace the website&apos;s history with this file&apos;s</source>
        <translation>Remplacer l’histoire du site web par celle de ce fichier</translation>
    </message>
    <message>
        <source>Results website</source>
        <translation>Site des résultats</translation>
    </message>
    <message>
        <source>The results go to the club&apos;s website whenever this computer is online, every event exactly once. Ask the site&apos;s administrator for a venue token.</source>
        <translation>Les résultats partent vers le site du club dès que cet ordinateur est en ligne, chaque événement une seule fois. Demandez un jeton de salle à l’administrateur du site.</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>inchangé</translation>
    </message>
    <message>
        <source>the venue token</source>
        <translation>le jeton de la salle</translation>
    </message>
    <message>
        <source>Website address</source>
        <translation>Adresse du site</translation>
    </message>
    <message>
        <source>Venue token</source>
        <translation>Jeton de la salle</translation>
    </message>
    <message>
        <source>The token is kept in {where}, never in the tournament file.</source>
        <translation>Le jeton est conservé dans {where}, jamais dans le fichier du tournoi.</translation>
    </message>
    <message>
        <source>The address starts with https:// (or http:// on the club&apos;s own network)</source>
        <translation>L’adresse commence par https:// (ou http:// sur le réseau du club)</translation>
    </message>
    <message>
        <source>Give the venue token too</source>
        <translation>Indiquez aussi le jeton de la salle</translation>
    </message>
    <message>
        <source>Something unexpected went wrong: {error}. The tournament file is safe: every accepted change was saved when it was made.</source>
        <translation>Un problème inattendu est survenu&#xa0;: {error}. Le fichier du tournoi est intact&#xa0;: chaque changement accepté a été enregistré sur le moment.</translation>
    </message>
    <message>
        <source>Tab goes to each player&apos;s chips at the start of the hand; Enter confirms.</source>
        <translation>Tab passe aux jetons de chaque joueur au début de la main&#x202f;; Entrée confirme.</translation>
    </message>
    <message>
        <source>Nobody chosen yet: type the name of who won the pot.</source>
        <translation>Personne n’est encore choisi&#xa0;: tapez le nom de qui a gagné le pot.</translation>
    </message>
    <message>
        <source>(for now: rebuys are open, the player can rebuy)</source>
        <translation>(provisoire&#xa0;: les recaves sont ouvertes, le joueur peut se recaver)</translation>
    </message>
    <message>
        <source>(for now: late registration is open)</source>
        <translation>(provisoire&#xa0;: les inscriptions tardives sont ouvertes)</translation>
    </message>
    <message>
        <source>Next: level %1, %2</source>
        <translation>Ensuite&#xa0;: niveau %1, %2</translation>
    </message>
    <message>
        <source>Break: %1 min</source>
        <translation>Pause&#xa0;: %1 min</translation>
    </message>
    <message>
        <source>Next break in %1</source>
        <translation>Prochaine pause dans %1</translation>
    </message>
    <message>
        <source>Results: Ctrl+Shift+E</source>
        <translation>Résultats&#xa0;: Ctrl+Maj+E</translation>
    </message>
    <message>
        <source>%1 wins</source>
        <translation>%1 gagne</translation>
    </message>
    <message>
        <source>&amp;Results…</source>
        <translation>&amp;Résultats…</translation>
    </message>
    <message>
        <source>&amp;Print the seating sheet</source>
        <translation>&amp;Imprimer le plan de table</translation>
    </message>
    <message>
        <source>Deal made: {amounts}</source>
        <translation>Accord conclu&#xa0;: {amounts}</translation>
    </message>
    <message>
        <source>{amount} kept back for the winner</source>
        <translation>{amount} réservés au vainqueur</translation>
    </message>
    <message>
        <source>In the money: hand-for-hand is over, play goes on as usual</source>
        <translation>Dans l’argent&#xa0;: fin du main par main, le jeu reprend normalement</translation>
    </message>
    <message>
        <source>Move slips: {where}</source>
        <translation>Billets de déplacement&#xa0;: {where}</translation>
    </message>
    <message>
        <source>Seating sheet: {where}</source>
        <translation>Plan de table&#xa0;: {where}</translation>
    </message>
    <message>
        <source>Table {table} waits for its button: type the seat of the button, then Enter</source>
        <translation>La table {table} attend son bouton&#xa0;: tapez le siège du bouton, puis Entrée</translation>
    </message>
    <message>
        <source>Type the seat, then Enter</source>
        <translation>Tapez le siège, puis Entrée</translation>
    </message>
    <message>
        <source>winner</source>
        <translation>vainqueur</translation>
    </message>
    <message>
        <source>Clu&amp;b</source>
        <translation>Clu&amp;b</translation>
    </message>
    <message>
        <source>&amp;Members…</source>
        <translation>&amp;Membres…</translation>
    </message>
    <message>
        <source>&amp;League table…</source>
        <translation>&amp;Classement du championnat…</translation>
    </message>
    <message>
        <source>Save tonight&apos;s settings as a &amp;template…</source>
        <translation>Enregistrer les réglages de ce soir comme m&amp;odèle…</translation>
    </message>
    <message>
        <source>&amp;Import TD3 saves…</source>
        <translation>&amp;Importer des sauvegardes TD3…</translation>
    </message>
    <message>
        <source>Save as a template</source>
        <translation>Enregistrer comme modèle</translation>
    </message>
    <message>
        <source>Template name (e.g. Friday PKO)</source>
        <translation>Nom du modèle (ex. PKO du vendredi)</translation>
    </message>
    <message>
        <source>Template not saved: {why}</source>
        <translation>Modèle non enregistré&#xa0;: {why}</translation>
    </message>
    <message>
        <source>Template {name} saved in the club file</source>
        <translation>Modèle {name} enregistré dans le fichier du club</translation>
    </message>
    <message>
        <source>From a template (Ctrl+T)</source>
        <translation>À partir d’un modèle (Ctrl+T)</translation>
    </message>
    <message>
        <source>Enter makes tonight&apos;s tournament, named with the date.</source>
        <translation>Entrée crée le tournoi de ce soir, nommé avec la date.</translation>
    </message>
    <message>
        <source>No template yet: in the console, Club → Save tonight&apos;s settings as a template.</source>
        <translation>Aucun modèle pour l’instant&#xa0;: dans la console, Club → Enregistrer les réglages de ce soir comme modèle.</translation>
    </message>
    <message>
        <source>Table {table} breaks</source>
        <translation>La table {table} est cassée</translation>
    </message>
    <message>
        <source>Table {table} opens</source>
        <translation>La table {table} ouvre</translation>
    </message>
    <message>
        <source>The final table is drawn at table {table}</source>
        <translation>La table finale est tirée à la table {table}</translation>
    </message>
    <message>
        <source>Balancing: players to move</source>
        <translation>Équilibrage&#xa0;: joueurs à déplacer</translation>
    </message>
    <message>
        <source>{name} → table {table} seat {seat}</source>
        <translation>{name} → table {table} siège {seat}</translation>
    </message>
    <message>
        <source>{name}: table {t1} seat {s1} → table {t2} seat {s2}</source>
        <translation>{name}&#xa0;: table {t1} siège {s1} → table {t2} siège {s2}</translation>
    </message>
    <message>
        <source>Moves to read aloud</source>
        <translation>Déplacements à annoncer</translation>
    </message>
    <message>
        <source>&amp;Print the move slips</source>
        <translation>&amp;Imprimer les billets de déplacement</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Résultats</translation>
    </message>
    <message numerus="yes">
        <source>{tournament} is over: %n seat(s) to {target} won by {names}</source>
        <translation>
            <numerusform>{tournament} est terminé&#xa0;: %n ticket pour {target} gagné par {names}</numerusform>
            <numerusform>{tournament} est terminé&#xa0;: %n tickets pour {target} gagnés par {names}</numerusform>
        </translation>
    </message>
    <message>
        <source>{name} wins {tournament}</source>
        <translation>{name} remporte {tournament}</translation>
    </message>
    <message>
        <source>{tournament}: not finished yet, the places so far</source>
        <translation>{tournament}&#xa0;: pas encore terminé, les places à ce stade</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>à l’instant</translation>
    </message>
    <message>
        <source>{n} min ago</source>
        <translation>il y a {n} min</translation>
    </message>
    <message>
        <source>{n} h ago</source>
        <translation>il y a {n} h</translation>
    </message>
    <message>
        <source>TD remote</source>
        <translation>Télécommande du directeur</translation>
    </message>
    <message>
        <source>Cashier</source>
        <translation>Caisse</translation>
    </message>
    <message>
        <source>Floor staff</source>
        <translation>Responsable de salle</translation>
    </message>
    <message>
        <source>Screen</source>
        <translation>Écran</translation>
    </message>
    <message>
        <source>Venue &amp;network</source>
        <translation>&amp;Réseau de la salle</translation>
    </message>
    <message>
        <source>&amp;Serve the venue network (phones, remote, screens)</source>
        <translation>&amp;Servir le réseau de la salle (téléphones, télécommande, écrans)</translation>
    </message>
    <message>
        <source>&amp;Address and QR code for players…</source>
        <translation>&amp;Adresse et code QR pour les joueurs…</translation>
    </message>
    <message>
        <source>&amp;Pair a device…</source>
        <translation>&amp;Appairer un appareil…</translation>
    </message>
    <message>
        <source>Paired &amp;devices…</source>
        <translation>Appareils &amp;appairés…</translation>
    </message>
    <message>
        <source>Use &amp;HTTPS (the laptop&apos;s own certificate)</source>
        <translation>Utiliser &amp;HTTPS (le certificat de l’ordinateur)</translation>
    </message>
    <message>
        <source>QR code on the projector &amp;display</source>
        <translation>Code QR sur l’&amp;écran de projection</translation>
    </message>
    <message>
        <source>The venue network could not start on port {port}: {why}</source>
        <translation>Le réseau de la salle n’a pas pu démarrer sur le port {port}&#xa0;: {why}</translation>
    </message>
    <message>
        <source>Venue network: {url}</source>
        <translation>Réseau de la salle&#xa0;: {url}</translation>
    </message>
    <message>
        <source>Venue network</source>
        <translation>Réseau de la salle</translation>
    </message>
    <message>
        <source>Scan for the clock and your seat</source>
        <translation>Scannez pour l’horloge et votre place</translation>
    </message>
    <message>
        <source>Phones must be on the venue&apos;s Wi-Fi. The players&apos; page needs no pairing.</source>
        <translation>Les téléphones doivent être sur le Wi-Fi de la salle. La page des joueurs ne demande aucun appairage.</translation>
    </message>
    <message>
        <source>Certificate SHA-256: {fingerprint}</source>
        <translation>Certificat SHA-256&#xa0;: {fingerprint}</translation>
    </message>
    <message>
        <source>Pair a device</source>
        <translation>Appairer un appareil</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rôle</translation>
    </message>
    <message>
        <source>New code</source>
        <translation>Nouveau code</translation>
    </message>
    <message>
        <source>On the device: scan the code, or open {url}/pair and type it.</source>
        <translation>Sur l’appareil&#xa0;: scannez le code, ou ouvrez {url}/pair et tapez-le.</translation>
    </message>
    <message>
        <source>Valid for {s} s, for one device</source>
        <translation>Valable {s} s, pour un seul appareil</translation>
    </message>
    <message>
        <source>Paired: {name} ({role})</source>
        <translation>Appairé&#xa0;: {name} ({role})</translation>
    </message>
    <message>
        <source>The code has expired: ask for a new one</source>
        <translation>Le code a expiré&#xa0;: demandez-en un nouveau</translation>
    </message>
    <message>
        <source>Paired devices</source>
        <translation>Appareils appairés</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Appareil</translation>
    </message>
    <message>
        <source>Last activity</source>
        <translation>Dernière activité</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Révoquer</translation>
    </message>
    <message>
        <source>Cannot open the file as it is</source>
        <translation>Impossible d’ouvrir le fichier tel quel</translation>
    </message>
    <message>
        <source>Cannot write to the file</source>
        <translation>Impossible d’écrire dans le fichier</translation>
    </message>
    <message>
        <source>Opened as it is, the file goes on from what it holds; the damaged write-ahead log is kept aside beside it.</source>
        <translation>Ouvert tel quel, le fichier reprend à partir de ce qu’il contient&#x202f;; le journal d’écriture endommagé est conservé à côté.</translation>
    </message>
    <message>
        <source>Open read-only</source>
        <translation>Ouvrir en lecture seule</translation>
    </message>
    <message>
        <source>Open as it is</source>
        <translation>Ouvrir tel quel</translation>
    </message>
    <message>
        <source>Restore from a backup…</source>
        <translation>Restaurer une sauvegarde…</translation>
    </message>
    <message>
        <source>The tournament to restore</source>
        <translation>Le tournoi à restaurer</translation>
    </message>
    <message>
        <source>&amp;Restore from a backup…</source>
        <translation>&amp;Restaurer une sauvegarde…</translation>
    </message>
    <message>
        <source>does not open</source>
        <translation>ne s’ouvre pas</translation>
    </message>
    <message>
        <source>Level {number}</source>
        <translation>Niveau {number}</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>Pas commencé</translation>
    </message>
    <message>
        <source>when closed</source>
        <translation>à la fermeture</translation>
    </message>
    <message>
        <source>at a new level</source>
        <translation>à un nouveau niveau</translation>
    </message>
    <message>
        <source>before an upgrade</source>
        <translation>avant une mise à jour</translation>
    </message>
    <message>
        <source>Restore from a backup</source>
        <translation>Restaurer une sauvegarde</translation>
    </message>
    <message>
        <source>Backups of {name}, newest first. Choose one to see what it holds. The file in place is kept aside under a new name, never overwritten.</source>
        <translation>Sauvegardes de {name}, la plus récente d’abord. Choisissez-en une pour voir ce qu’elle contient. Le fichier en place est mis de côté sous un nouveau nom, jamais écrasé.</translation>
    </message>
    <message>
        <source>Restore this backup</source>
        <translation>Restaurer cette sauvegarde</translation>
    </message>
    <message>
        <source>Open everything before the damage</source>
        <translation>Ouvrir tout ce qui précède le dommage</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>{when} ({why})  ·  {level}  ·  {players}  ·  {events}</source>
        <translation>{when} ({why})  ·  {level}  ·  {players}  ·  {events}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln players left</source>
        <translation>
            <numerusform>%Ln joueur restant</numerusform>
            <numerusform>%Ln joueurs restants</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln events</source>
        <translation>
            <numerusform>%Ln événement</numerusform>
            <numerusform>%Ln événements</numerusform>
        </translation>
    </message>
    <message>
        <source>{name}: {events}, {entries}, {players}, {level}. Last recorded at {time}.</source>
        <translation>{name}&#xa0;: {events}, {entries}, {players}, {level}. Dernier enregistrement à {time}.</translation>
    </message>
    <message>
        <source>{when}  ·  damaged too, cannot be restored</source>
        <translation>{when}  ·  endommagée aussi, impossible à restaurer</translation>
    </message>
    <message>
        <source>There is no backup of this file to restore.</source>
        <translation>Ce fichier n’a aucune sauvegarde à restaurer.</translation>
    </message>
    <message>
        <source>Chip count</source>
        <translation>Compte des jetons</translation>
    </message>
    <message>
        <source>Table {table}</source>
        <translation>Table {table}</translation>
    </message>
    <message>
        <source>Type each stack (Tab or Enter: the next player). A box left empty keeps that player&apos;s last count.</source>
        <translation>Tapez chaque tapis (Tab ou Entrée&#xa0;: le joueur suivant). Une case laissée vide garde le dernier compte de ce joueur.</translation>
    </message>
    <message>
        <source>&amp;Table</source>
        <translation>&amp;Table</translation>
    </message>
    <message>
        <source>last count {chips}</source>
        <translation>dernier compte {chips}</translation>
    </message>
    <message>
        <source>Seat {seat} · {name}</source>
        <translation>Siège {seat} · {name}</translation>
    </message>
    <message>
        <source>{seat}: {problem}</source>
        <translation>{seat}&#xa0;: {problem}</translation>
    </message>
    <message>
        <source>Counted: {counted} · chips in play: {in_play}</source>
        <translation>Compté&#xa0;: {counted} · jetons en jeu&#xa0;: {in_play}</translation>
    </message>
    <message>
        <source>“{text}” is not a number of chips</source>
        <translation>«&#xa0;{text}&#xa0;» n’est pas un nombre de jetons</translation>
    </message>
    <message>
        <source>Type at least one stack</source>
        <translation>Tapez au moins un tapis</translation>
    </message>
    <message numerus="yes">
        <source>%n envelope(s)</source>
        <translation>
            <numerusform>%n enveloppe</numerusform>
            <numerusform>%n enveloppes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Late registration closes in %n minutes</source>
        <translation>
            <numerusform>Fin des inscriptions tardives dans %n minute</numerusform>
            <numerusform>Fin des inscriptions tardives dans %n minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Break, %n minutes.</source>
        <translation>
            <numerusform>Pause de %n minute.</numerusform>
            <numerusform>Pause de %n minutes.</numerusform>
        </translation>
    </message>
    <message>
        <source>Restoring the backup…</source>
        <translation>Restauration de la sauvegarde…</translation>
    </message>
    <message numerus="yes">
        <source>{what} is level {value}, but the structure has only %n level(s) of play</source>
        <translation>
            <numerusform>{what} est le niveau {value}, mais la structure n’a que %n niveau de jeu</numerusform>
            <numerusform>{what} est le niveau {value}, mais la structure n’a que %n niveaux de jeu</numerusform>
        </translation>
    </message>
    <message>
        <source>place {place}: {points}</source>
        <translation>place {place}&#xa0;: {points}</translation>
    </message>
    <message>
        <source>On a night of {entries} entries: {points}</source>
        <translation>Pour une soirée de {entries} entrées&#xa0;: {points}</translation>
    </message>
    <message>
        <source>New (Ctrl+N)</source>
        <translation>Nouveau (Ctrl+N)</translation>
    </message>
    <message>
        <source>Save (Enter)</source>
        <translation>Enregistrer (Entrée)</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Supprimer</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>{name} saved</source>
        <translation>Enregistré&#xa0;: {name}</translation>
    </message>
    <message>
        <source>{name} deleted</source>
        <translation>Supprimé&#xa0;: {name}</translation>
    </message>
    <message numerus="yes">
        <source>%n members written to {path}</source>
        <translation>
            <numerusform>%n membre écrit dans {path}</numerusform>
            <numerusform>%n membres écrits dans {path}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n cells that began with = + - or @ were written with an apostrophe first, so that a spreadsheet shows them as text and never runs them)</source>
        <translation>
            <numerusform>(%n cellule qui commençait par = + - ou @ a été écrite précédée d’une apostrophe, pour qu’un tableur l’affiche comme du texte sans jamais l’exécuter)</numerusform>
            <numerusform>(%n cellules qui commençaient par = + - ou @ ont été écrites précédées d’une apostrophe, pour qu’un tableur les affiche comme du texte sans jamais les exécuter)</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Same person: {member}</source>
        <translation>&amp;Même personne&#xa0;: {member}</translation>
    </message>
    <message>
        <source>Someone &amp;new tonight</source>
        <translation>&amp;Nouveau ce soir</translation>
    </message>
    <message>
        <source>Which member played?</source>
        <translation>Quel membre a joué&#x202f;?</translation>
    </message>
    <message>
        <source>At the cashier, {name} was given member id {member_id}. In the club, {member_id} is {member}. Is {name} {member}?</source>
        <translation>À la caisse, {name} a reçu le numéro de membre {member_id}. Au club, {member_id} est {member}. {name} est-il {member}&#x202f;?</translation>
    </message>
    <message>
        <source>member {member}</source>
        <translation>membre {member}</translation>
    </message>
    <message>
        <source>table {table} · seat {seat}</source>
        <translation>table {table} · siège {seat}</translation>
    </message>
    <message>
        <source>out at table {table} · seat {seat}</source>
        <translation>sorti à la table {table} · siège {seat}</translation>
    </message>
    <message>
        <source>{name} ({detail})</source>
        <translation>{name} ({detail})</translation>
    </message>
    <message>
        <source>Message to the room</source>
        <translation>Message à la salle</translation>
    </message>
    <message>
        <source>e.g. The bar closes at 1 · next event Friday 20:00</source>
        <translation>p. ex. Le bar ferme à 1 h · prochain tournoi vendredi 20 h</translation>
    </message>
    <message>
        <source>On the projector, along the bottom of every screen, and on the phones, until you change it or take it down.</source>
        <translation>Sur le projecteur, au bas de chaque écran, et sur les téléphones, jusqu’à ce que vous le changiez ou le retiriez.</translation>
    </message>
    <message>
        <source>Show it</source>
        <translation>L’afficher</translation>
    </message>
    <message>
        <source>Take it down</source>
        <translation>Le retirer</translation>
    </message>
    <message>
        <source>“{text}” is not an amount of money</source>
        <translation>«&#xa0;{text}&#xa0;» n’est pas une somme d’argent</translation>
    </message>
    <message>
        <source>empty: the payout table, by the number of entries</source>
        <translation>vide&#xa0;: la table des paiements, selon le nombre d’entrées</translation>
    </message>
    <message>
        <source>Type each place&apos;s share in percent, first place first: 50; 30; 20</source>
        <translation>Tapez la part de chaque place en pourcentage, la première d’abord&#xa0;: 50&#x202f;; 30&#x202f;; 20</translation>
    </message>
    <message>
        <source>empty: none; or places, like 18; 9</source>
        <translation>vide&#xa0;: aucun&#xa0;; ou des places, comme 18&#xa0;; 9</translation>
    </message>
    <message>
        <source>Type the places as whole numbers, like 18; 9</source>
        <translation>Tapez les places en nombres entiers, comme 18&#xa0;; 9</translation>
    </message>
    <message>
        <source>“{text}” is not a share in percent</source>
        <translation>«&#xa0;{text}&#xa0;» n’est pas une part en pourcentage</translation>
    </message>
    <message>
        <source>Not done</source>
        <translation>Non fait</translation>
    </message>
    <message>
        <source>Load a template</source>
        <translation>Charger un modèle</translation>
    </message>
    <message>
        <source>Save the levels</source>
        <translation>Enregistrer les niveaux</translation>
    </message>
    <message>
        <source>Load levels</source>
        <translation>Charger des niveaux</translation>
    </message>
    <message>
        <source>Build the levels</source>
        <translation>Construire les niveaux</translation>
    </message>
    <message>
        <source> h</source>
        <translation>&#xa0;h</translation>
    </message>
    <message>
        <source> min</source>
        <translation>&#xa0;min</translation>
    </message>
    <message>
        <source>no breaks</source>
        <translation>pas de pause</translation>
    </message>
    <message>
        <source>The night lasts</source>
        <translation>La soirée dure</translation>
    </message>
    <message>
        <source>and</source>
        <translation>et</translation>
    </message>
    <message>
        <source>Entries expected</source>
        <translation>Entrées attendues</translation>
    </message>
    <message>
        <source>A level lasts</source>
        <translation>Un niveau dure</translation>
    </message>
    <message>
        <source>A break after every</source>
        <translation>Une pause tous les</translation>
    </message>
    <message>
        <source>A break lasts</source>
        <translation>Une pause dure</translation>
    </message>
    <message>
        <source>Antes</source>
        <translation>Antes</translation>
    </message>
    <message>
        <source>Antes from level</source>
        <translation>Antes dès le niveau</translation>
    </message>
    <message>
        <source>none: add the chip set first</source>
        <translation>aucun&#xa0;: ajoutez d’abord les jetons</translation>
    </message>
    <message>
        <source>Starting stack {stack} · chips {chips}</source>
        <translation>Tapis de départ {stack} · jetons {chips}</translation>
    </message>
    <message>
        <source>Use these levels</source>
        <translation>Utiliser ces niveaux</translation>
    </message>
    <message numerus="yes">
        <source>%n levels of play, from {first} to {last}</source>
        <translation>
            <numerusform>%n niveau de jeu, de {first} à {last}</numerusform>
            <numerusform>%n niveaux de jeu, de {first} à {last}</numerusform>
        </translation>
    </message>
    <message>
        <source>Mystery envelopes</source>
        <translation>Enveloppes mystère</translation>
    </message>
    <message>
        <source>how many × what amount, e.g. 1 × 500; 4 × 100; 20 × 50</source>
        <translation>combien × quel montant, par ex. 1 × 500&#xa0;; 4 × 100&#xa0;; 20 × 50</translation>
    </message>
    <message>
        <source>Fix the envelopes</source>
        <translation>Fixer les enveloppes</translation>
    </message>
    <message>
        <source>&amp;Propose</source>
        <translation>&amp;Proposer</translation>
    </message>
    <message>
        <source>Propose in multiples of ({currency})</source>
        <translation>Proposer en multiples de ({currency})</translation>
    </message>
    <message>
        <source>Type each group as how many × what amount, separated by ;</source>
        <translation>Tapez chaque groupe en combien × quel montant, séparés par&#xa0;;</translation>
    </message>
    <message numerus="yes">
        <source>%n envelope(s) holding {total} of a pool of {pool}</source>
        <translation>
            <numerusform>%n enveloppe contenant {total} d’un pot de {pool}</numerusform>
            <numerusform>%n enveloppes contenant {total} d’un pot de {pool}</numerusform>
        </translation>
    </message>
    <message>
        <source>Propose in multiples of: “{text}” is not an amount of money</source>
        <translation>Proposer en multiples de&#xa0;: «&#xa0;{text}&#xa0;» n’est pas un montant</translation>
    </message>
    <message>
        <source>Bag the chips</source>
        <translation>Mettre les jetons en sac</translation>
    </message>
    <message>
        <source>Type each player&apos;s bag (Tab or Enter: the next player). Every seat needs its bag; the slips are printed when the table is sent.</source>
        <translation>Tapez le sac de chaque joueur (Tab ou Entrée&#xa0;: le joueur suivant). Chaque siège a besoin de son sac&#x202f;; les fiches sont imprimées à l’envoi de la table.</translation>
    </message>
    <message>
        <source>&amp;Accept the difference with the chips in play</source>
        <translation>&amp;Accepter l’écart avec les jetons en jeu</translation>
    </message>
    <message>
        <source>Bagged with this table: {bagged} · chips in play: {in_play}</source>
        <translation>En sac avec cette table&#xa0;: {bagged} · jetons en jeu&#xa0;: {in_play}</translation>
    </message>
    <message>
        <source>every player seated here needs a bag</source>
        <translation>chaque joueur assis ici a besoin d’un sac</translation>
    </message>
    <message>
        <source>New Day 2</source>
        <translation>Nouveau jour 2</translation>
    </message>
    <message numerus="yes">
        <source>%n flight(s) chosen. How does the Day 2 start?</source>
        <translation>
            <numerusform>%n flight choisi. Comment commence le jour 2&#xa0;?</numerusform>
            <numerusform>%n flights choisis. Comment commence le jour 2&#xa0;?</numerusform>
        </translation>
    </message>
    <message>
        <source>By a random draw, recorded in the file</source>
        <translation>Par un tirage au sort, enregistré dans le fichier</translation>
    </message>
    <message>
        <source>By chip count, the biggest stacks spread over the tables</source>
        <translation>Selon les jetons, les plus gros tapis répartis sur les tables</translation>
    </message>
    <message>
        <source>The bigger stack</source>
        <translation>Le plus gros tapis</translation>
    </message>
    <message>
        <source>The stack of the first flight they qualified from</source>
        <translation>Le tapis du premier flight où il s’est qualifié</translation>
    </message>
    <message>
        <source>Qualified from two &amp;flights</source>
        <translation>Qualifié dans deux &amp;flights</translation>
    </message>
    <message>
        <source>Make the Day 2</source>
        <translation>Créer le jour 2</translation>
    </message>
    <message>
        <source>template {name}</source>
        <translation>modèle {name}</translation>
    </message>
    <message>
        <source>payout table {name}</source>
        <translation>table des prix {name}</translation>
    </message>
    <message>
        <source>buy-ins {names}</source>
        <translation>buy-ins {names}</translation>
    </message>
    <message>
        <source>league {name}</source>
        <translation>ligue {name}</translation>
    </message>
    <message>
        <source>{title} (recorded before: replaced)</source>
        <translation>{title} (déjà enregistrée&#x202f;: remplacée)</translation>
    </message>
    <message>
        <source>not finished: no night</source>
        <translation>pas terminé&#x202f;: aucune soirée</translation>
    </message>
    <message numerus="yes">
        <source>%n new</source>
        <translation>
            <numerusform>%n nouveau</numerusform>
            <numerusform>%n nouveaux</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filled in</source>
        <translation>
            <numerusform>%n complété</numerusform>
            <numerusform>%n complétés</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Import %n saves</source>
        <translation>
            <numerusform>&amp;Importer %n sauvegarde</numerusform>
            <numerusform>&amp;Importer %n sauvegardes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n formulas that are not points (event triggers, screen layouts) are skipped: they count for nothing</source>
        <translation>
            <numerusform>%n formule qui n’est pas de points (déclencheur d’événement, disposition d’écran) est laissée de côté&#x202f;: elle ne compte pour rien</numerusform>
            <numerusform>%n formules qui ne sont pas de points (déclencheurs d’événement, dispositions d’écran) sont laissées de côté&#x202f;: elles ne comptent pour rien</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n nights</source>
        <translation>
            <numerusform>%n soirée</numerusform>
            <numerusform>%n soirées</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new members</source>
        <translation>
            <numerusform>%n nouveau membre</numerusform>
            <numerusform>%n nouveaux membres</numerusform>
        </translation>
    </message>
    <message>
        <source>Dry run: the club file is not changed.</source>
        <translation>Essai à blanc&#x202f;: le fichier du club n’est pas modifié.</translation>
    </message>
    <message>
        <source>{file}: {said}</source>
        <translation>{file}&#x202f;: {said}</translation>
    </message>
    <message numerus="yes">
        <source>nothing imported: {count} of %n files cannot be read (--skip-bad imports the others)</source>
        <translation>
            <numerusform>rien n’est importé&#x202f;: {count} fichier sur %n ne peut être lu (--skip-bad importe les autres)</numerusform>
            <numerusform>rien n’est importé&#x202f;: {count} fichiers sur %n ne peuvent être lus (--skip-bad importe les autres)</numerusform>
        </translation>
    </message>
    <message>
        <source>nothing to import</source>
        <translation>rien à importer</translation>
    </message>
    <message>
        <source>{title} {count} paid</source>
        <translation>{title} {count} places payées</translation>
    </message>
    <message>
        <source>TD3 points</source>
        <translation>Points TD3</translation>
    </message>
    <message>
        <source>Not points formulas (event triggers and screen layouts), skipped: {count}</source>
        <translation>Formules qui ne donnent pas de points (déclencheurs d’événements et mises en page), laissées de côté&#x202f;: {count}</translation>
    </message>
    <message>
        <source>Problems: what could not come over ({count})</source>
        <translation>Problèmes&#x202f;: ce qui n’a pas pu être repris ({count})</translation>
    </message>
    <message numerus="yes">
        <source>%n files</source>
        <translation>
            <numerusform>%n fichier</numerusform>
            <numerusform>%n fichiers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n members added</source>
        <translation>
            <numerusform>%n membre ajouté</numerusform>
            <numerusform>%n membres ajoutés</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n templates</source>
        <translation>
            <numerusform>%n modèle</numerusform>
            <numerusform>%n modèles</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n leagues</source>
        <translation>
            <numerusform>%n ligue</numerusform>
            <numerusform>%n ligues</numerusform>
        </translation>
    </message>
    <message>
        <source>Would import: {facts}</source>
        <translation>Importerait&#x202f;: {facts}</translation>
    </message>
    <message>
        <source>Imported: {facts}</source>
        <translation>Importé&#x202f;: {facts}</translation>
    </message>
    <message>
        <source>night {title} recorded again</source>
        <translation>soirée {title} enregistrée à nouveau</translation>
    </message>
    <message>
        <source>night {title} recorded</source>
        <translation>soirée {title} enregistrée</translation>
    </message>
    <message>
        <source>no night</source>
        <translation>aucune soirée</translation>
    </message>
    <message>
        <source>payout profile {name}</source>
        <translation>répartition des gains {name}</translation>
    </message>
    <message numerus="yes">
        <source>%n files cannot be read and are left out</source>
        <translation>
            <numerusform>%n fichier illisible est laissé de côté</numerusform>
            <numerusform>%n fichiers illisibles sont laissés de côté</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>et %n autre</numerusform>
            <numerusform>et %n autres</numerusform>
        </translation>
    </message>
    <message>
        <source>Late registration has closed: they will not be seated and paid nothing. Take them off the list (Ctrl+Shift+Q)</source>
        <translation>L’inscription tardive est close&#xa0;: ils ne seront pas placés et n’ont rien payé. Retirez-les de la liste (Ctrl+Maj+Q)</translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) free: call {name} to the cashier</source>
        <translation>
            <numerusform>%n place libre&#xa0;: appelez {name} à la caisse</numerusform>
            <numerusform>%n places libres&#xa0;: appelez {name} à la caisse</numerusform>
        </translation>
    </message>
    <message>
        <source>Every seat is taken: the first takes the next seat that frees</source>
        <translation>Toutes les places sont prises&#xa0;: le premier prend la prochaine place libérée</translation>
    </message>
    <message numerus="yes">
        <source>Waiting list (%n): {names}</source>
        <translation>
            <numerusform>Liste d’attente (%n)&#xa0;: {names}</numerusform>
            <numerusform>Liste d’attente (%n)&#xa0;: {names}</numerusform>
        </translation>
    </message>
    <message>
        <source>{file} exists already: give another name</source>
        <translation>{file} existe déjà&#x202f;: donnez un autre nom</translation>
    </message>
    <message>
        <source>cannot write {file}: {why}</source>
        <translation>impossible d’écrire {file}&#x202f;: {why}</translation>
    </message>
    <message>
        <source>there is no file {file}</source>
        <translation>il n’y a pas de fichier {file}</translation>
    </message>
    <message>
        <source>--players must be at least 2</source>
        <translation>--players doit valoir au moins 2</translation>
    </message>
    <message>
        <source>--players must be from 2 to {most}</source>
        <translation>--players doit aller de 2 à {most}</translation>
    </message>
    <message numerus="yes">
        <source>Sim of %n players (seed {seed}, {config}): winner {winner}, {paid} places paid</source>
        <translation>
            <numerusform>Simulation de %n joueur (graine {seed}, {config})&#x202f;: vainqueur {winner}, {paid} places payées</numerusform>
            <numerusform>Simulation de %n joueurs (graine {seed}, {config})&#x202f;: vainqueur {winner}, {paid} places payées</numerusform>
        </translation>
    </message>
    <message>
        <source>collected {collected}, prize pool {prize_pool}, fees {fees}, bounties {bounties}</source>
        <translation>encaissé {collected}, dotation {prize_pool}, frais {fees}, primes {bounties}</translation>
    </message>
</context>
<context>
    <name>CashierHeader</name>
    <message>
        <source>Finished: {name} wins</source>
        <translation>Terminé&#xa0;: {name} gagne</translation>
    </message>
    <message numerus="yes">
        <source>%n entries · points only</source>
        <translation>
            <numerusform>%n entrée · aux points</numerusform>
            <numerusform>%n entrées · aux points</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entries · prize pool {pool}</source>
        <translation>
            <numerusform>%n entrée · dotation {pool}</numerusform>
            <numerusform>%n entrées · dotation {pool}</numerusform>
        </translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>Pas commencé</translation>
    </message>
    <message>
        <source>Level {n}</source>
        <translation>Niveau {n}</translation>
    </message>
    <message>
        <source>Break</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>{level} · {left} left</source>
        <translation>{level} · {left} restant</translation>
    </message>
    <message>
        <source>Registration open, closes in {left}</source>
        <translation>Inscriptions ouvertes, closes dans {left}</translation>
    </message>
    <message>
        <source>Registration open</source>
        <translation>Inscriptions ouvertes</translation>
    </message>
    <message>
        <source>Registration closed</source>
        <translation>Inscriptions closes</translation>
    </message>
    <message>
        <source>{left} of {entries} · points only, no money</source>
        <translation>{left} sur {entries} · aux points, sans argent</translation>
    </message>
    <message>
        <source>{left} of {entries} · prize pool {pool}</source>
        <translation>{left} sur {entries} · dotation {pool}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln left</source>
        <translation>
            <numerusform>%Ln restant</numerusform>
            <numerusform>%Ln restants</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln entries</source>
        <translation>
            <numerusform>%Ln entrée</numerusform>
            <numerusform>%Ln entrées</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CashierPaper</name>
    <message>
        <source>Seat card printed: {where}</source>
        <translation>Carte de place imprimée&#xa0;: {where}</translation>
    </message>
    <message>
        <source>No seat card to print: choose a seated player first</source>
        <translation>Pas de carte de place à imprimer&#xa0;: choisissez d’abord un joueur assis</translation>
    </message>
    <message>
        <source>Cashier</source>
        <translation>Caisse</translation>
    </message>
    <message>
        <source>Payout slip printed: {where}</source>
        <translation>Reçu de paiement imprimé&#xa0;: {where}</translation>
    </message>
    <message>
        <source>Could not print: {error}</source>
        <translation>Impression impossible&#xa0;: {error}</translation>
    </message>
    <message>
        <source>Save the end-of-night report</source>
        <translation>Enregistrer le rapport de fin de soirée</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>Fichiers PDF (*.pdf)</translation>
    </message>
    <message>
        <source>End-of-night report saved: {where}</source>
        <translation>Rapport de fin de soirée enregistré&#xa0;: {where}</translation>
    </message>
    <message>
        <source>Printing to {printer}</source>
        <translation>Impression sur {printer}</translation>
    </message>
    <message>
        <source>Seat cards and slips are saved as PDF in {folder}</source>
        <translation>Les cartes de place et les reçus sont enregistrés en PDF dans {folder}</translation>
    </message>
    <message>
        <source>Printer for seat cards and slips</source>
        <translation>Imprimante des cartes de place et des reçus</translation>
    </message>
    <message>
        <source>Folder for seat cards and slips</source>
        <translation>Dossier des cartes de place et des reçus</translation>
    </message>
</context>
<context>
    <name>CashierWindow</name>
    <message>
        <source>Cashier — {name}</source>
        <translation>Caisse — {name}</translation>
    </message>
    <message>
        <source>&amp;Desk</source>
        <translation>&amp;Bureau</translation>
    </message>
    <message>
        <source>Find a player</source>
        <translation>Trouver un joueur</translation>
    </message>
    <message>
        <source>New player</source>
        <translation>Nouveau joueur</translation>
    </message>
    <message>
        <source>Buy-in or re-entry</source>
        <translation>Buy-in ou ré-entrée</translation>
    </message>
    <message>
        <source>Rebuy</source>
        <translation>Recave</translation>
    </message>
    <message>
        <source>Add-on</source>
        <translation>Add-on</translation>
    </message>
    <message>
        <source>Payment method</source>
        <translation>Moyen de paiement</translation>
    </message>
    <message>
        <source>The player is present</source>
        <translation>Le joueur est présent</translation>
    </message>
    <message>
        <source>Keep the same seat (re-entry)</source>
        <translation>Garder la même place (ré-entrée)</translation>
    </message>
    <message>
        <source>Give up the live stack (re-entry at a break)</source>
        <translation>Abandonner le tapis en jeu (ré-entrée à la pause)</translation>
    </message>
    <message>
        <source>Take payment</source>
        <translation>Encaisser</translation>
    </message>
    <message>
        <source>Put on the waiting list, or take off it</source>
        <translation>Inscrire sur la liste d’attente, ou en retirer</translation>
    </message>
    <message>
        <source>Take everyone off the waiting list (late registration closed)</source>
        <translation>Retirer tout le monde de la liste d’attente (inscription tardive close)</translation>
    </message>
    <message>
        <source>Go to the payouts</source>
        <translation>Aller aux paiements</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Payé</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Print the seat card again</source>
        <translation>Réimprimer la carte de place</translation>
    </message>
    <message>
        <source>End-of-night report (PDF)…</source>
        <translation>Rapport de fin de soirée (PDF)…</translation>
    </message>
    <message>
        <source>Print a seat card after each buy-in</source>
        <translation>Imprimer une carte de place après chaque buy-in</translation>
    </message>
    <message>
        <source>Choose a printer…</source>
        <translation>Choisir une imprimante…</translation>
    </message>
    <message>
        <source>Save as PDF in a folder…</source>
        <translation>Enregistrer en PDF dans un dossier…</translation>
    </message>
    <message>
        <source>{name} registered</source>
        <translation>{name} inscrit</translation>
    </message>
    <message>
        <source>{chips} chips</source>
        <translation>{chips} jetons</translation>
    </message>
    <message>
        <source>seat card printed</source>
        <translation>carte de place imprimée</translation>
    </message>
    <message>
        <source>seat card NOT printed</source>
        <translation>carte de place NON imprimée</translation>
    </message>
    <message numerus="yes">
        <source>%n player(s) taken off the waiting list: nothing was taken from them</source>
        <translation>
            <numerusform>%n joueur retiré de la liste d’attente&#xa0;: rien ne lui a été pris</numerusform>
            <numerusform>%n joueurs retirés de la liste d’attente&#xa0;: rien ne leur a été pris</numerusform>
        </translation>
    </message>
    <message>
        <source>{name} is number {position} on the waiting list: nothing taken, they pay when seated</source>
        <translation>{name} est numéro {position} sur la liste d’attente&#xa0;: rien n’est encaissé, le joueur paie une fois placé</translation>
    </message>
    <message>
        <source>{name} is off the waiting list: nothing was taken</source>
        <translation>{name} est retiré de la liste d’attente&#xa0;: rien n’avait été encaissé</translation>
    </message>
    <message>
        <source>{kind}: +{chips} chips</source>
        <translation>{kind}&#xa0;: +{chips} jetons</translation>
    </message>
    <message>
        <source>Correct the player (name, nickname, member id…)</source>
        <translation>Corriger le joueur (nom, surnom, numéro de membre…)</translation>
    </message>
    <message>
        <source>&amp;Paper</source>
        <translation>&amp;Papier</translation>
    </message>
    <message>
        <source>Choose the player to correct first</source>
        <translation>Choisissez d’abord le joueur à corriger</translation>
    </message>
    <message>
        <source>{name} corrected</source>
        <translation>Correction enregistrée&#xa0;: {name}</translation>
    </message>
    <message>
        <source>{name}: registration taken back</source>
        <translation>{name}&#xa0;: inscription annulée</translation>
    </message>
    <message>
        <source>The club file is not there: register the player as new (Ctrl+N)</source>
        <translation>Le fichier du club est absent&#xa0;: inscrivez le joueur comme nouveau (Ctrl+N)</translation>
    </message>
    <message>
        <source>{name} (member {member}) registered</source>
        <translation>{name} (membre {member}) inscrit</translation>
    </message>
</context>
<context>
    <name>ClubLink</name>
    <message>
        <source>Tonight&apos;s results wait: a member id typed at the cashier is to be answered</source>
        <translation>Résultats de ce soir en attente&#xa0;: un numéro de membre tapé à la caisse attend votre réponse</translation>
    </message>
    <message>
        <source>The club file {path} is not there: tonight&apos;s results are recorded when it is back</source>
        <translation>Le fichier du club {path} est absent&#xa0;: les résultats de ce soir seront enregistrés à son retour</translation>
    </message>
    <message>
        <source>Results recorded in the club file ({count} players)</source>
        <translation>Résultats enregistrés dans le fichier du club ({count} joueurs)</translation>
    </message>
    <message>
        <source>The event&apos;s results recorded in the club file, its Day 2 and its flights as one night ({count} players)</source>
        <translation>Les résultats de l’événement sont enregistrés dans le fichier du club, son Day 2 et ses flights en une seule soirée ({count} joueurs)</translation>
    </message>
    <message>
        <source>{flights}: not found beside the Day 2, their players who did not qualify are not in</source>
        <translation>{flights}&#x202f;: introuvable à côté du Day 2, ses joueurs non qualifiés n’y sont pas</translation>
    </message>
    <message>
        <source>The leagues did not reach the website: {why}</source>
        <translation>Les classements ne sont pas arrivés sur le site&#xa0;: {why}</translation>
    </message>
    <message>
        <source>Leagues published on the website (tournaments it holds: {count})</source>
        <translation>Classements publiés sur le site (tournois qu’il détient&#xa0;: {count})</translation>
    </message>
</context>
<context>
    <name>CsvImportDialog</name>
    <message>
        <source>Import members from a CSV file</source>
        <translation>Importer des membres depuis un fichier CSV</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Nickname</source>
        <translation>Surnom</translation>
    </message>
    <message>
        <source>Member id</source>
        <translation>Numéro de membre</translation>
    </message>
    <message>
        <source>Email</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Téléphone</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notes</translation>
    </message>
    <message>
        <source>Joined</source>
        <translation>Inscrit le</translation>
    </message>
    <message>
        <source>(not in the file)</source>
        <translation>(absent du fichier)</translation>
    </message>
    <message>
        <source>column {n}</source>
        <translation>colonne {n}</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>The first rows of the file</source>
        <translation>Les premières lignes du fichier</translation>
    </message>
    <message>
        <source>Rows left out, and why</source>
        <translation>Lignes écartées, et pourquoi</translation>
    </message>
    <message>
        <source>{count} members to import, {bad} rows left out</source>
        <translation>{count} membres à importer, {bad} lignes écartées</translation>
    </message>
    <message>
        <source>Import {count} members</source>
        <translation>Importer {count} membres</translation>
    </message>
    <message>
        <source>Nothing imported</source>
        <translation>Rien n’a été importé</translation>
    </message>
</context>
<context>
    <name>Display</name>
    <message>
        <source>NO ANTE</source>
        <translation>SANS ANTE</translation>
    </message>
    <message>
        <source>BB ANTE {ante}</source>
        <translation>ANTE BB {ante}</translation>
    </message>
    <message>
        <source>ANTE {ante}</source>
        <translation>ANTE {ante}</translation>
    </message>
    <message>
        <source>BREAK</source>
        <translation>PAUSE</translation>
    </message>
    <message>
        <source>LEVEL {level} · OVERTIME</source>
        <translation>NIVEAU {level} · PROLONGATION</translation>
    </message>
    <message>
        <source>LEVEL {level}</source>
        <translation>NIVEAU {level}</translation>
    </message>
    <message>
        <source>FINISHED</source>
        <translation>TERMINÉ</translation>
    </message>
    <message>
        <source>SEATS WON</source>
        <translation>TICKETS GAGNÉS</translation>
    </message>
    <message>
        <source>TO {target}</source>
        <translation>POUR {target}</translation>
    </message>
    <message>
        <source>NOT STARTED YET</source>
        <translation>PAS ENCORE COMMENCÉ</translation>
    </message>
    <message>
        <source>The new level applies from the next hand</source>
        <translation>Le nouveau niveau s’applique dès la prochaine main</translation>
    </message>
    <message>
        <source>AFTER THE BREAK · LEVEL {level}</source>
        <translation>APRÈS LA PAUSE · NIVEAU {level}</translation>
    </message>
    <message>
        <source>AFTER THE BREAK</source>
        <translation>APRÈS LA PAUSE</translation>
    </message>
    <message>
        <source>BLINDS</source>
        <translation>BLINDES</translation>
    </message>
    <message>
        <source>NEXT: THIS LEVEL REPEATS</source>
        <translation>ENSUITE&#xa0;: LE MÊME NIVEAU</translation>
    </message>
    <message>
        <source>NEXT: BREAK, {minutes} MIN</source>
        <translation>ENSUITE&#xa0;: PAUSE DE {minutes} MIN</translation>
    </message>
    <message>
        <source>NEXT: {blinds} · {ante}</source>
        <translation>ENSUITE&#xa0;: {blinds} · {ante}</translation>
    </message>
    <message>
        <source>RE-ENTRIES</source>
        <translation>RÉ-ENTRÉES</translation>
    </message>
    <message>
        <source>REBUYS</source>
        <translation>RECAVES</translation>
    </message>
    <message>
        <source>ADD-ONS</source>
        <translation>ADD-ONS</translation>
    </message>
    <message>
        <source>PRIZE POOL</source>
        <translation>DOTATION</translation>
    </message>
    <message>
        <source>PRIZE POOL · OVERLAY {amount}</source>
        <translation>DOTATION · AJOUT DU CLUB {amount}</translation>
    </message>
    <message>
        <source>{average} · {big_blinds} BB</source>
        <translation>{average} · {big_blinds} BB</translation>
    </message>
    <message>
        <source>COMBINED PRIZE POOL</source>
        <translation>PRIZE POOL TOTAL</translation>
    </message>
    <message>
        <source>FLIGHTS</source>
        <translation>FLIGHTS</translation>
    </message>
    <message>
        <source>QUALIFIERS</source>
        <translation>QUALIFIÉS</translation>
    </message>
    <message>
        <source>SEATS</source>
        <translation>TICKETS</translation>
    </message>
    <message>
        <source>NO MONEY IN PLAY</source>
        <translation>AUCUN ARGENT EN JEU</translation>
    </message>
    <message>
        <source>POINTS ONLY</source>
        <translation>AUX POINTS</translation>
    </message>
    <message>
        <source>PLAYERS LEFT</source>
        <translation>JOUEURS RESTANTS</translation>
    </message>
    <message>
        <source>AVERAGE STACK</source>
        <translation>TAPIS MOYEN</translation>
    </message>
    <message>
        <source>CHIP LEADER · {chips}</source>
        <translation>PLUS GROS TAPIS · {chips}</translation>
    </message>
    <message>
        <source>CHIPS IN PLAY</source>
        <translation>JETONS EN JEU</translation>
    </message>
    <message>
        <source>RESULTS · POINTS ONLY</source>
        <translation>RÉSULTATS · AUX POINTS</translation>
    </message>
    <message>
        <source>PLACES · POINTS ONLY</source>
        <translation>PLACES · AUX POINTS</translation>
    </message>
    <message>
        <source>SEAT TO {target} + {cash}</source>
        <translation>TICKET POUR {target} + {cash}</translation>
    </message>
    <message>
        <source>SEAT TO {target}</source>
        <translation>TICKET POUR {target}</translation>
    </message>
    <message>
        <source>{count} PLACES PAID</source>
        <translation>{count} PLACES PAYÉES</translation>
    </message>
    <message>
        <source>PAYOUTS</source>
        <translation>GAINS</translation>
    </message>
    <message>
        <source>BIGGEST BOUNTIES</source>
        <translation>PLUS GROSSES PRIMES</translation>
    </message>
    <message>
        <source>MYSTERY ENVELOPES LEFT</source>
        <translation>ENVELOPPES MYSTÈRE RESTANTES</translation>
    </message>
    <message>
        <source>{list} and {last}</source>
        <translation>{list} et {last}</translation>
    </message>
    <message>
        <source>ON THE CLOCK: {name}  {time}</source>
        <translation>SOUS HORLOGE&#xa0;: {name}  {time}</translation>
    </message>
    <message>
        <source>table {table} {ante}</source>
        <translation>table {table} {ante}</translation>
    </message>
    <message>
        <source>no ante</source>
        <translation>sans ante</translation>
    </message>
    <message>
        <source>Short-handed ante: {tables}</source>
        <translation>Ante réduite aux tables incomplètes&#xa0;: {tables}</translation>
    </message>
    <message>
        <source>Waiting list: {names}</source>
        <translation>Liste d’attente&#xa0;: {names}</translation>
    </message>
    <message>
        <source>HAND-FOR-HAND · HAND {hand}</source>
        <translation>MAIN PAR MAIN · MAIN {hand}</translation>
    </message>
    <message>
        <source>HAND-FOR-HAND</source>
        <translation>MAIN PAR MAIN</translation>
    </message>
    <message>
        <source>FINAL TABLE</source>
        <translation>TABLE FINALE</translation>
    </message>
    <message>
        <source>Colour-up at this break: the {chips} chips go</source>
        <translation>Changement de jetons à cette pause&#xa0;: les jetons {chips} sont retirés</translation>
    </message>
    <message>
        <source>Add-on open</source>
        <translation>Add-on ouvert</translation>
    </message>
    <message>
        <source>{name} wins</source>
        <translation>{name} remporte le tournoi</translation>
    </message>
    <message>
        <source>{head}: {moves}</source>
        <translation>{head}&#xa0;: {moves}</translation>
    </message>
    <message>
        <source>Level {level}. Blinds {small} and {big}, big blind ante {ante}.</source>
        <translation>Niveau {level}. Blindes {small} et {big}, ante big blind {ante}.</translation>
    </message>
    <message>
        <source>Level {level}. Blinds {small} and {big}, ante {ante}.</source>
        <translation>Niveau {level}. Blindes {small} et {big}, ante {ante}.</translation>
    </message>
    <message>
        <source>Level {level}. Blinds {small} and {big}.</source>
        <translation>Niveau {level}. Blindes {small} et {big}.</translation>
    </message>
    <message>
        <source> Colour-up: the {chips} chips go.</source>
        <translation> Changement de jetons&#xa0;: les jetons de {chips} sont retirés.</translation>
    </message>
    <message>
        <source>Screen</source>
        <translation>Écran</translation>
    </message>
    <message>
        <source>{name} ({width}x{height} at {x},{y})</source>
        <translation>{name} ({width}x{height} en {x},{y})</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Sombre</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Clair</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>Contraste élevé</translation>
    </message>
    <message>
        <source>BOUNTIES {amount}</source>
        <translation>PRIMES {amount}</translation>
    </message>
    <message>
        <source>THE WINNER</source>
        <translation>LE VAINQUEUR</translation>
    </message>
    <message>
        <source>CLOCK PAUSED</source>
        <translation>HORLOGE EN PAUSE</translation>
    </message>
    <message>
        <source>NEXT BREAK IN {time}</source>
        <translation>PROCHAINE PAUSE DANS {time}</translation>
    </message>
    <message>
        <source>RESULTS</source>
        <translation>RÉSULTATS</translation>
    </message>
    <message>
        <source>DEAL</source>
        <translation>ACCORD</translation>
    </message>
    <message>
        <source>DEAL · {amount} TO THE WINNER</source>
        <translation>ACCORD · {amount} AU VAINQUEUR</translation>
    </message>
    <message>
        <source>IN THE MONEY</source>
        <translation>DANS L’ARGENT</translation>
    </message>
    <message>
        <source>Table {table} breaks</source>
        <translation>La table {table} est cassée</translation>
    </message>
    <message>
        <source>Table {table} opens</source>
        <translation>La table {table} ouvre</translation>
    </message>
    <message>
        <source>Final table: the seats drawn</source>
        <translation>Table finale&#xa0;: les sièges tirés</translation>
    </message>
    <message>
        <source>Player moved</source>
        <translation>Joueur déplacé</translation>
    </message>
    <message>
        <source>{name} → table {table} seat {seat}</source>
        <translation>{name} → table {table} siège {seat}</translation>
    </message>
    <message>
        <source>Clock and payouts</source>
        <translation>Horloge et gains</translation>
    </message>
    <message>
        <source>Every payout</source>
        <translation>Tous les gains</translation>
    </message>
    <message>
        <source>Seating</source>
        <translation>Placement</translation>
    </message>
    <message>
        <source>Results so far</source>
        <translation>Résultats jusqu’ici</translation>
    </message>
    <message>
        <source>SEATING</source>
        <translation>PLACEMENT</translation>
    </message>
    <message>
        <source>{name} · table {table} seat {seat}</source>
        <translation>{name} · table {table} siège {seat}</translation>
    </message>
    <message>
        <source>RESULTS SO FAR</source>
        <translation>RÉSULTATS JUSQU’ICI</translation>
    </message>
</context>
<context>
    <name>DisplayWindow</name>
    <message>
        <source>TourneyDesk — display</source>
        <translation>TourneyDesk — affichage</translation>
    </message>
    <message>
        <source>Screen</source>
        <translation>Écran</translation>
    </message>
    <message>
        <source>In a window</source>
        <translation>Dans une fenêtre</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Thème</translation>
    </message>
    <message>
        <source>Sound</source>
        <translation>Son</translation>
    </message>
    <message>
        <source>Mute</source>
        <translation>Couper le son</translation>
    </message>
    <message>
        <source>Volume {level}%</source>
        <translation>Volume {level} %</translation>
    </message>
    <message>
        <source>Speak the new level</source>
        <translation>Annoncer le nouveau niveau à voix haute</translation>
    </message>
    <message>
        <source>Screens in turn</source>
        <translation>Écrans à tour de rôle</translation>
    </message>
    <message>
        <source>Each for {seconds} s</source>
        <translation>Chacun {seconds}&#xa0;s</translation>
    </message>
</context>
<context>
    <name>DrawerPanel</name>
    <message>
        <source>The drawer</source>
        <translation>La caisse</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Moyen</translation>
    </message>
    <message>
        <source>In</source>
        <translation>Entrées</translation>
    </message>
    <message>
        <source>Paid out</source>
        <translation>Payé</translation>
    </message>
    <message>
        <source>Net</source>
        <translation>Net</translation>
    </message>
    <message>
        <source>End-of-night report… (Ctrl+E)</source>
        <translation>Rapport de fin de soirée… (Ctrl+E)</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Cash expected in the drawer: {amount}</source>
        <translation>Espèces attendues dans la caisse&#xa0;: {amount}</translation>
    </message>
</context>
<context>
    <name>FindPanel</name>
    <message>
        <source>Find a player: name, nickname or member id (Ctrl+F)</source>
        <translation>Trouver un joueur&#xa0;: nom, pseudo ou numéro de membre (Ctrl+F)</translation>
    </message>
    <message>
        <source>New player (Ctrl+N)</source>
        <translation>Nouveau joueur (Ctrl+N)</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
</context>
<context>
    <name>FormulaBox</name>
    <message>
        <source>(as typed)</source>
        <translation>(tel que tapé)</translation>
    </message>
</context>
<context>
    <name>FormulasDialog</name>
    <message>
        <source>The club&apos;s points formulas</source>
        <translation>Les formules de points du club</translation>
    </message>
    <message>
        <source>Formula &amp;name</source>
        <translation>&amp;Nom de la formule</translation>
    </message>
    <message>
        <source>&amp;Points</source>
        <translation>&amp;Points</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Points</translation>
    </message>
</context>
<context>
    <name>KeysHelp</name>
    <message>
        <source>Ctrl+F</source>
        <translation>Ctrl+F</translation>
    </message>
    <message>
        <source>find a player</source>
        <translation>trouver un joueur</translation>
    </message>
    <message>
        <source>Ctrl+N</source>
        <translation>Ctrl+N</translation>
    </message>
    <message>
        <source>new player</source>
        <translation>nouveau joueur</translation>
    </message>
    <message>
        <source>F2</source>
        <translation>F2</translation>
    </message>
    <message>
        <source>correct the player</source>
        <translation>corriger le joueur</translation>
    </message>
    <message>
        <source>take back a registration</source>
        <translation>annuler une inscription</translation>
    </message>
    <message>
        <source>Alt+U</source>
        <translation>Alt+U</translation>
    </message>
    <message>
        <source>↑ ↓ Enter</source>
        <translation>↑ ↓ Entrée</translation>
    </message>
    <message>
        <source>choose the player</source>
        <translation>choisir le joueur</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>Espace</translation>
    </message>
    <message>
        <source>player is present</source>
        <translation>joueur présent</translation>
    </message>
    <message>
        <source>Ctrl+1…5</source>
        <translation>Ctrl+1…5</translation>
    </message>
    <message>
        <source>cash, card, transfer, voucher, comp</source>
        <translation>espèces, carte, virement, bon, offert</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Entrée</translation>
    </message>
    <message>
        <source>take payment</source>
        <translation>encaisser</translation>
    </message>
    <message>
        <source>F5 F6 F7</source>
        <translation>F5 F6 F7</translation>
    </message>
    <message>
        <source>buy-in, rebuy, add-on</source>
        <translation>buy-in, recave, add-on</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>seat card again</source>
        <translation>carte de place à nouveau</translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <source>the payouts</source>
        <translation>les paiements</translation>
    </message>
    <message>
        <source>F8</source>
        <translation>F8</translation>
    </message>
    <message>
        <source>paid, with a slip</source>
        <translation>payé, avec reçu</translation>
    </message>
    <message>
        <source>F9</source>
        <translation>F9</translation>
    </message>
    <message>
        <source>waiting list: on or off</source>
        <translation>liste d’attente&#xa0;: inscrire ou retirer</translation>
    </message>
    <message>
        <source>Ctrl+Shift+Q</source>
        <translation>Ctrl+Maj+Q</translation>
    </message>
    <message>
        <source>waiting list emptied</source>
        <translation>liste d’attente vidée</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>end-of-night report</source>
        <translation>rapport de fin de soirée</translation>
    </message>
    <message>
        <source>Ctrl+W</source>
        <translation>Ctrl+W</translation>
    </message>
    <message>
        <source>close</source>
        <translation>fermer</translation>
    </message>
</context>
<context>
    <name>LeagueForm</name>
    <message>
        <source>New league</source>
        <translation>Nouveau championnat</translation>
    </message>
    <message>
        <source>Change the league</source>
        <translation>Modifier le championnat</translation>
    </message>
    <message>
        <source>every result</source>
        <translation>tous les résultats</translation>
    </message>
    <message>
        <source>(any template)</source>
        <translation>(tout modèle)</translation>
    </message>
    <message>
        <source>2026-01-01 (empty: any)</source>
        <translation>2026-01-01 (vide&#xa0;: toute date)</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>&amp;Nom</translation>
    </message>
    <message>
        <source>&amp;Points</source>
        <translation>&amp;Points</translation>
    </message>
    <message>
        <source>&amp;Best results counted</source>
        <translation>&amp;Meilleurs résultats comptés</translation>
    </message>
    <message>
        <source>&amp;Template</source>
        <translation>Mo&amp;dèle</translation>
    </message>
    <message>
        <source>&amp;From</source>
        <translation>D&amp;u</translation>
    </message>
    <message>
        <source>T&amp;o</source>
        <translation>&amp;Au</translation>
    </message>
    <message>
        <source>T&amp;ie-break (in order)</source>
        <translation>Dépa&amp;rtage (dans l’ordre)</translation>
    </message>
    <message>
        <source>Points for one person&apos;s night, from: entries, players, place, prize, buy_in, knockouts, bounty_won, rebuys, add_ons, reentries; + - * / ^, sqrt, log, ln, round, floor, ceil, min, max, if(condition, then, otherwise). Tie-break: wins, best_place, cashes, results, knockouts.</source>
        <translation>Les points de la soirée d’un joueur, à partir de&#xa0;: entries (entrées), players (joueurs), place, prize (gain), buy_in, knockouts (éliminations), bounty_won (primes gagnées), rebuys (recaves), add_ons, reentries (ré-entrées)&#x202f;; + - * / ^, sqrt, log, ln, round, floor, ceil, min, max, if(condition, alors, sinon). Départage&#xa0;: wins (victoires), best_place (meilleure place), cashes (places payées), results (résultats), knockouts (éliminations).</translation>
    </message>
</context>
<context>
    <name>LeagueWindow</name>
    <message>
        <source>League table</source>
        <translation>Classement du championnat</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Points</translation>
    </message>
    <message>
        <source>Wins</source>
        <translation>Victoires</translation>
    </message>
    <message>
        <source>Best place</source>
        <translation>Meilleure place</translation>
    </message>
    <message>
        <source>Cashes</source>
        <translation>Places payées</translation>
    </message>
    <message>
        <source>Played</source>
        <translation>Joués</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Date</translation>
    </message>
    <message>
        <source>Tournament</source>
        <translation>Tournoi</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Place</translation>
    </message>
    <message>
        <source>Counted</source>
        <translation>Compté</translation>
    </message>
    <message>
        <source>Save as PDF… (Ctrl+P)</source>
        <translation>Enregistrer en PDF… (Ctrl+P)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>&amp;New league… (Ctrl+N)</source>
        <translation>&amp;Nouveau championnat… (Ctrl+N)</translation>
    </message>
    <message>
        <source>&amp;Change the league… (F2)</source>
        <translation>&amp;Modifier le championnat… (F2)</translation>
    </message>
    <message>
        <source>&amp;Seasons… (Ctrl+E)</source>
        <translation>&amp;Saisons… (Ctrl+E)</translation>
    </message>
    <message>
        <source>&amp;Formulas… (Ctrl+R)</source>
        <translation>&amp;Formules… (Ctrl+R)</translation>
    </message>
    <message>
        <source>&amp;Delete the league…</source>
        <translation>Su&amp;pprimer le championnat…</translation>
    </message>
    <message>
        <source>&amp;League</source>
        <translation>&amp;Championnat</translation>
    </message>
    <message>
        <source>S&amp;eason</source>
        <translation>Sais&amp;on</translation>
    </message>
    <message>
        <source>The club has no league yet: Ctrl+N makes one</source>
        <translation>Le club n’a pas encore de championnat&#xa0;: Ctrl+N en crée un</translation>
    </message>
    <message>
        <source>The whole league</source>
        <translation>Tout le championnat</translation>
    </message>
    <message>
        <source>{season} ({first} to {last})</source>
        <translation>{season} (du {first} au {last})</translation>
    </message>
    <message>
        <source>There is no club file at {path}</source>
        <translation>Il n’y a pas de fichier du club à {path}</translation>
    </message>
    <message>
        <source>{rules} Points: {formula}. {count} tournaments counted.</source>
        <translation>{rules} Points&#xa0;: {formula}. {count} tournois comptés.</translation>
    </message>
    <message>
        <source>{name} (guest)</source>
        <translation>{name} (invité)</translation>
    </message>
    <message>
        <source>counted</source>
        <translation>compté</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>écarté</translation>
    </message>
    <message>
        <source>{points} ({adjustment} by hand)</source>
        <translation>{points} ({adjustment} à la main)</translation>
    </message>
    <message>
        <source>Given by hand: {reason}</source>
        <translation>Donné à la main&#x202f;: {reason}</translation>
    </message>
    <message>
        <source>Given by hand</source>
        <translation>Donné à la main</translation>
    </message>
    <message numerus="yes">
        <source>The best %n results of each player count</source>
        <translation>
            <numerusform>Le meilleur résultat de chaque joueur compte</numerusform>
            <numerusform>Les %n meilleurs résultats de chaque joueur comptent</numerusform>
        </translation>
    </message>
    <message>
        <source>Every result counts</source>
        <translation>Tous les résultats comptent</translation>
    </message>
    <message>
        <source>more wins</source>
        <translation>plus de victoires</translation>
    </message>
    <message>
        <source>the better best place</source>
        <translation>la meilleure place</translation>
    </message>
    <message>
        <source>more cashes</source>
        <translation>plus de places payées</translation>
    </message>
    <message>
        <source>more results played</source>
        <translation>plus de résultats joués</translation>
    </message>
    <message>
        <source>more knockouts</source>
        <translation>plus d’éliminations</translation>
    </message>
    <message>
        <source>, then </source>
        <translation>, puis </translation>
    </message>
    <message>
        <source>{counted}; players level on points are ranked by {ties}.</source>
        <translation>{counted}&#x202f;; à égalité de points, le classement se fait par {ties}.</translation>
    </message>
    <message>
        <source>Delete the league</source>
        <translation>Supprimer le championnat</translation>
    </message>
    <message>
        <source>Delete the league {league}? Its nights and their results stay in the club file.</source>
        <translation>Supprimer le championnat {league}&#x202f;? Ses soirées et leurs résultats restent dans le fichier du club.</translation>
    </message>
    <message>
        <source>Save the league table</source>
        <translation>Enregistrer le classement</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>Fichiers PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Dropped</source>
        <translation>Écartés</translation>
    </message>
    <message numerus="yes">
        <source>%n entries</source>
        <translation>
            <numerusform>%n entrée</numerusform>
            <numerusform>%n entrées</numerusform>
        </translation>
    </message>
    <message>
        <source>Tournaments counted</source>
        <translation>Tournois comptés</translation>
    </message>
</context>
<context>
    <name>MemberForm</name>
    <message>
        <source>Add a member</source>
        <translation>Ajouter un membre</translation>
    </message>
    <message>
        <source>Correct a member</source>
        <translation>Corriger un membre</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>&amp;Nom</translation>
    </message>
    <message>
        <source>Nic&amp;kname</source>
        <translation>Su&amp;rnom</translation>
    </message>
    <message>
        <source>Member &amp;id</source>
        <translation>Numéro de &amp;membre</translation>
    </message>
    <message>
        <source>&amp;Email</source>
        <translation>E-mai&amp;l</translation>
    </message>
    <message>
        <source>&amp;Phone</source>
        <translation>&amp;Téléphone</translation>
    </message>
    <message>
        <source>&amp;Joined</source>
        <translation>&amp;Inscrit le</translation>
    </message>
    <message>
        <source>N&amp;otes</source>
        <translation>N&amp;otes</translation>
    </message>
    <message>
        <source>empty: the club gives one (TD-12)</source>
        <translation>vide&#xa0;: le club en donne un (TD-12)</translation>
    </message>
    <message>
        <source>2026-01-09 (empty: today)</source>
        <translation>2026-01-09 (vide&#xa0;: aujourd’hui)</translation>
    </message>
</context>
<context>
    <name>MembersWindow</name>
    <message>
        <source>Club members</source>
        <translation>Membres du club</translation>
    </message>
    <message>
        <source>Find a member: any part of the name, nickname or member id</source>
        <translation>Chercher un membre&#xa0;: une partie du nom, du surnom ou du numéro</translation>
    </message>
    <message>
        <source>Member id</source>
        <translation>Numéro de membre</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Nickname</source>
        <translation>Surnom</translation>
    </message>
    <message>
        <source>Email</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <source>Joined</source>
        <translation>Inscrit le</translation>
    </message>
    <message>
        <source>&amp;Add a member… (Ctrl+N)</source>
        <translation>&amp;Ajouter un membre… (Ctrl+N)</translation>
    </message>
    <message>
        <source>&amp;Correct… (F2)</source>
        <translation>&amp;Corriger… (F2)</translation>
    </message>
    <message>
        <source>&amp;Import CSV…</source>
        <translation>&amp;Importer un CSV…</translation>
    </message>
    <message>
        <source>E&amp;xport CSV…</source>
        <translation>E&amp;xporter en CSV…</translation>
    </message>
    <message>
        <source>&amp;Merge into…</source>
        <translation>&amp;Fusionner avec…</translation>
    </message>
    <message>
        <source>E&amp;rase on request…</source>
        <translation>Effacer à sa &amp;demande…</translation>
    </message>
    <message>
        <source>Played</source>
        <translation>Joués</translation>
    </message>
    <message>
        <source>F2: the name spelled right, then Enter</source>
        <translation>F2&#xa0;: le nom bien écrit, puis Entrée</translation>
    </message>
    <message>
        <source>Ctrl+M: the member they are (part of a name or a member id), then Enter</source>
        <translation>Ctrl+M&#xa0;: le membre que c’est (une partie du nom ou un numéro de membre), puis Entrée</translation>
    </message>
    <message>
        <source>New tonight, not members until confirmed: {count}. Enter confirms the one chosen as written; F2 corrects the spelling first; Ctrl+M says which member they are.</source>
        <translation>Nouveaux ce soir, membres une fois confirmés&#xa0;: {count}. Entrée confirme celui choisi tel qu’il est écrit&#x202f;; F2 corrige d’abord l’orthographe&#x202f;; Ctrl+M dit de quel membre il s’agit.</translation>
    </message>
    <message>
        <source>{name} is a member</source>
        <translation>{name} est membre</translation>
    </message>
    <message>
        <source>No member is {text}</source>
        <translation>Aucun membre ne correspond à {text}</translation>
    </message>
    <message>
        <source>Several members match {text}: {names}. Type more of the name, or the member id</source>
        <translation>Plusieurs membres correspondent à {text}&#xa0;: {names}. Tapez davantage du nom, ou le numéro de membre</translation>
    </message>
    <message>
        <source>{name} played as {member}: their night is the member&apos;s</source>
        <translation>{name} a joué en tant que {member}&#xa0;: sa soirée va à ce membre</translation>
    </message>
    <message>
        <source>{shown} of {total} members</source>
        <translation>{shown} membres sur {total}</translation>
    </message>
    <message>
        <source>{name} added: member {member}</source>
        <translation>{name} ajouté&#xa0;: membre {member}</translation>
    </message>
    <message>
        <source>{name} corrected</source>
        <translation>Correction enregistrée&#xa0;: {name}</translation>
    </message>
    <message>
        <source>Imported: {added} new, {updated} updated, {unchanged} already as written</source>
        <translation>Import&#xa0;: {added} nouveaux, {updated} mis à jour, {unchanged} déjà tels quels</translation>
    </message>
    <message>
        <source>Import members</source>
        <translation>Importer des membres</translation>
    </message>
    <message>
        <source>CSV files (*.csv *.txt)</source>
        <translation>Fichiers CSV (*.csv *.txt)</translation>
    </message>
    <message>
        <source>Export the members</source>
        <translation>Exporter les membres</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Fichiers CSV (*.csv)</translation>
    </message>
    <message>
        <source>Merge two members</source>
        <translation>Fusionner deux membres</translation>
    </message>
    <message>
        <source>Member {member} is the same person as member id:</source>
        <translation>Le membre {member} est la même personne que le numéro&#xa0;:</translation>
    </message>
    <message>
        <source>Erase a member</source>
        <translation>Effacer un membre</translation>
    </message>
    <message>
        <source>Erase member {member} on their request? Their name and contacts leave the club file; their results stay as &quot;Erased member&quot;.</source>
        <translation>Effacer le membre {member} à sa demande&#x202f;? Son nom et ses coordonnées quittent le fichier du club&#x202f;; ses résultats restent sous «&#xa0;Membre effacé&#xa0;».</translation>
    </message>
</context>
<context>
    <name>OwedModel</name>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Place</translation>
    </message>
    <message>
        <source>Prize</source>
        <translation>Gain</translation>
    </message>
    <message>
        <source>Bounties</source>
        <translation>Primes</translation>
    </message>
    <message>
        <source>Paid before</source>
        <translation>Déjà payé</translation>
    </message>
    <message>
        <source>To pay</source>
        <translation>À payer</translation>
    </message>
</context>
<context>
    <name>PayPanel</name>
    <message>
        <source>To pay now</source>
        <translation>À payer maintenant</translation>
    </message>
    <message>
        <source>Nothing is owed to anyone right now.</source>
        <translation>Rien n’est dû à personne pour l’instant.</translation>
    </message>
    <message>
        <source>Pa&amp;y by</source>
        <translation>Pa&amp;yer par</translation>
    </message>
    <message>
        <source>Paid (F8)</source>
        <translation>Payé (F8)</translation>
    </message>
    <message>
        <source>Paid {amount} (F8)</source>
        <translation>Payer {amount} (F8)</translation>
    </message>
    <message>
        <source>Place {place}</source>
        <translation>Place {place}</translation>
    </message>
    <message>
        <source>prize {amount}</source>
        <translation>gain {amount}</translation>
    </message>
    <message>
        <source>bounties {amount}</source>
        <translation>primes {amount}</translation>
    </message>
    <message>
        <source>paid before {amount}</source>
        <translation>déjà payé {amount}</translation>
    </message>
    <message>
        <source>Not enough cash in the drawer</source>
        <translation>Pas assez d’espèces dans la caisse</translation>
    </message>
    <message>
        <source>The drawer should hold {cash} in cash, and {name} is owed {amount}: {short} more than that. Pay {amount} in cash anyway?</source>
        <translation>La caisse devrait contenir {cash} en espèces, et il est dû {amount} à {name}&#xa0;: {short} de plus. Payer quand même {amount} en espèces&#x202f;?</translation>
    </message>
</context>
<context>
    <name>PlayersModel</name>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Nickname</source>
        <translation>Pseudo</translation>
    </message>
    <message>
        <source>Member id</source>
        <translation>Numéro de membre</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>Entrées</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Où</translation>
    </message>
    <message>
        <source>Waiting list #{position}</source>
        <translation>En attente n° {position}</translation>
    </message>
    <message>
        <source>Winner</source>
        <translation>Vainqueur</translation>
    </message>
    <message>
        <source>Table {table} · seat {seat}</source>
        <translation>Table {table} · siège {seat}</translation>
    </message>
    <message>
        <source>Out, place {place}</source>
        <translation>Hors jeu, place {place}</translation>
    </message>
    <message>
        <source>Out</source>
        <translation>Hors jeu</translation>
    </message>
    <message>
        <source>Stack abandoned</source>
        <translation>Tapis abandonné</translation>
    </message>
    <message>
        <source>Disqualified</source>
        <translation>Disqualifié</translation>
    </message>
    <message>
        <source>Removed</source>
        <translation>Exclu</translation>
    </message>
    <message>
        <source>Not entered yet</source>
        <translation>Pas encore d’entrée</translation>
    </message>
    <message>
        <source>Club member</source>
        <translation>Membre du club</translation>
    </message>
</context>
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <source>Folder</source>
        <comment>All other platforms</comment>
        <translation>Dossier</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>&amp;Voir dans&#xa0;:</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>Fichiers de &amp;type&#xa0;:</translation>
    </message>
</context>
<context>
    <name>RegisterForm</name>
    <message>
        <source>&amp;Name</source>
        <translation>&amp;Nom</translation>
    </message>
    <message>
        <source>E&amp;mail</source>
        <translation>&amp;Courriel</translation>
    </message>
    <message>
        <source>N&amp;ickname</source>
        <translation>Ps&amp;eudo</translation>
    </message>
    <message>
        <source>P&amp;hone</source>
        <translation>&amp;Téléphone</translation>
    </message>
    <message>
        <source>Mem&amp;ber id</source>
        <translation>Numéro de &amp;membre</translation>
    </message>
    <message>
        <source>First and last name</source>
        <translation>Prénom et nom</translation>
    </message>
    <message>
        <source>Tells two people of the same name apart</source>
        <translation>Distingue deux personnes du même nom</translation>
    </message>
    <message>
        <source>Register (Enter)</source>
        <translation>Inscrire (Entrée)</translation>
    </message>
    <message>
        <source>Take back this registration (Alt+U)</source>
        <translation>Annuler cette inscription (Alt+U)</translation>
    </message>
    <message>
        <source>Another person of that name (Alt+A)</source>
        <translation>Une autre personne de ce nom (Alt+A)</translation>
    </message>
    <message>
        <source>Cancel (Esc)</source>
        <translation>Annuler (Échap)</translation>
    </message>
    <message>
        <source>New player</source>
        <translation>Nouveau joueur</translation>
    </message>
    <message>
        <source>Member id {id} is {member}&apos;s in the club. Correct it, or Enter again to keep it for {name}.</source>
        <translation>Le numéro de membre {id} est celui de {member} au club. Corrigez-le, ou Entrée à nouveau pour le garder pour {name}.</translation>
    </message>
    <message>
        <source>Is this {name}? Enter: yes, it is. Another person of that name: Alt+A.</source>
        <translation>Est-ce {name}&#x202f;? Entrée&#xa0;: oui. Une autre personne de ce nom&#xa0;: Alt+A.</translation>
    </message>
    <message>
        <source>Another person of that name? Alt+A saves it as a namesake.</source>
        <translation>Une autre personne de ce nom&#x202f;? Alt+A l’enregistre comme homonyme.</translation>
    </message>
    <message>
        <source>Correct {name}</source>
        <translation>Corriger {name}</translation>
    </message>
    <message>
        <source>Save (Enter)</source>
        <translation>Enregistrer (Entrée)</translation>
    </message>
</context>
<context>
    <name>SalePanel</name>
    <message>
        <source>No player selected</source>
        <translation>Aucun joueur choisi</translation>
    </message>
    <message>
        <source>Find a player on the left (Ctrl+F) or register a new one (Ctrl+N).</source>
        <translation>Trouvez un joueur à gauche (Ctrl+F) ou inscrivez-en un nouveau (Ctrl+N).</translation>
    </message>
    <message>
        <source>Buy-in (F5)</source>
        <translation>Buy-in (F5)</translation>
    </message>
    <message>
        <source>Rebuy (F6)</source>
        <translation>Recave (F6)</translation>
    </message>
    <message>
        <source>Add-on (F7)</source>
        <translation>Add-on (F7)</translation>
    </message>
    <message>
        <source>Choose a player first</source>
        <translation>Choisissez d’abord un joueur</translation>
    </message>
    <message>
        <source>&amp;Keep the same seat</source>
        <translation>&amp;Garder la même place</translation>
    </message>
    <message>
        <source>count them</source>
        <translation>à compter</translation>
    </message>
    <message>
        <source>Prize pool</source>
        <translation>Dotation</translation>
    </message>
    <message>
        <source>Bounty</source>
        <translation>Prime</translation>
    </message>
    <message>
        <source>Fee</source>
        <translation>Frais</translation>
    </message>
    <message>
        <source>Total to take</source>
        <translation>À encaisser</translation>
    </message>
    <message>
        <source>Chips</source>
        <translation>Jetons</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Siège</translation>
    </message>
    <message>
        <source>Points only: nothing to pay, the places give the league points</source>
        <translation>Aux points&#xa0;: rien à payer, les places donnent les points du championnat</translation>
    </message>
    <message>
        <source>Seat the player (Enter)</source>
        <translation>Placer le joueur (Entrée)</translation>
    </message>
    <message>
        <source>Put on the waiting list (F9)</source>
        <translation>Inscrire sur la liste d’attente (F9)</translation>
    </message>
    <message>
        <source>Take off the waiting list (F9)</source>
        <translation>Retirer de la liste d’attente (F9)</translation>
    </message>
    <message>
        <source>Note: {note}</source>
        <translation>Note&#xa0;: {note}</translation>
    </message>
    <message>
        <source>Playing at table {table}, seat {seat}</source>
        <translation>En jeu à la table {table}, siège {seat}</translation>
    </message>
    <message>
        <source>Stack abandoned</source>
        <translation>Tapis abandonné</translation>
    </message>
    <message>
        <source>Disqualified</source>
        <translation>Disqualifié</translation>
    </message>
    <message>
        <source>Removed</source>
        <translation>Exclu</translation>
    </message>
    <message>
        <source>Out</source>
        <translation>Éliminé</translation>
    </message>
    <message numerus="yes">
        <source>%n entries so far</source>
        <translation>
            <numerusform>%n entrée jusqu’ici</numerusform>
            <numerusform>%n entrées jusqu’ici</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Give up the live stack (PKR4U 5)</source>
        <translation>&amp;Abandonner le tapis en jeu (PKR4U 5)</translation>
    </message>
    <message>
        <source>Chips given &amp;up:</source>
        <translation>Jetons aban&amp;donnés&#xa0;:</translation>
    </message>
    <message>
        <source>Player&apos;s &amp;chips now:</source>
        <translation>&amp;Jetons du joueur maintenant&#xa0;:</translation>
    </message>
    <message>
        <source>The player is present in p&amp;erson (PKR4U 14)</source>
        <translation>Le joueur est p&amp;résent en personne (PKR4U 14)</translation>
    </message>
    <message>
        <source>Take payment (Enter)</source>
        <translation>Encaisser (Entrée)</translation>
    </message>
    <message>
        <source>Payment</source>
        <translation>Paiement</translation>
    </message>
    <message>
        <source>Re-entry (F5)</source>
        <translation>Ré-entrée (F5)</translation>
    </message>
    <message>
        <source>&amp;Keep the same seat (table {table}, seat {seat})</source>
        <translation>&amp;Garder la même place (table {table}, siège {seat})</translation>
    </message>
    <message>
        <source>Member id {id}</source>
        <translation>Membre n° {id}</translation>
    </message>
    <message>
        <source>No entry yet</source>
        <translation>Pas encore d’entrée</translation>
    </message>
    <message>
        <source>Waiting for a seat: number {position} on the list</source>
        <translation>En attente d’une place&#xa0;: numéro {position} sur la liste</translation>
    </message>
    <message>
        <source>This player has no entry yet: sell a buy-in first.</source>
        <translation>Ce joueur n’a pas encore d’entrée&#xa0;: vendez d’abord un buy-in.</translation>
    </message>
    <message>
        <source>Count the player&apos;s chips and type them: a rebuy is sold at {max_stack} chips or fewer.</source>
        <translation>Comptez les jetons du joueur et tapez-les&#xa0;: une recave se vend à {max_stack} jetons ou moins.</translation>
    </message>
    <message>
        <source>table {table}, seat {seat}</source>
        <translation>table {table}, siège {seat}</translation>
    </message>
    <message>
        <source>stays where it is</source>
        <translation>reste où il est</translation>
    </message>
</context>
<context>
    <name>SeasonsDialog</name>
    <message>
        <source>Seasons of {league}</source>
        <translation>Saisons de {league}</translation>
    </message>
    <message>
        <source>Season &amp;name</source>
        <translation>&amp;Nom de la saison</translation>
    </message>
    <message>
        <source>&amp;First day</source>
        <translation>&amp;Premier jour</translation>
    </message>
    <message>
        <source>&amp;Last day</source>
        <translation>&amp;Dernier jour</translation>
    </message>
    <message>
        <source>Season</source>
        <translation>Saison</translation>
    </message>
    <message>
        <source>First day</source>
        <translation>Premier jour</translation>
    </message>
    <message>
        <source>Last day</source>
        <translation>Dernier jour</translation>
    </message>
</context>
<context>
    <name>SeatBanner</name>
    <message>
        <source>Table {table} · Seat {seat}</source>
        <translation>Table {table} · Siège {seat}</translation>
    </message>
    <message>
        <source>Moved since the sale: was table {table}, seat {seat} · Ctrl+R prints the new seat card</source>
        <translation>Déplacé depuis la vente&#xa0;: était table {table}, siège {seat} · Ctrl+R imprime la nouvelle carte de place</translation>
    </message>
</context>
<context>
    <name>Td3ImportDialog</name>
    <message>
        <source>Import TD3 saves</source>
        <translation>Importer des sauvegardes TD3</translation>
    </message>
    <message>
        <source>The saves of The Tournament Director 3 (.tdt) to bring into the club file: nothing is written before Import. Each file says what it brings.</source>
        <translation>Les sauvegardes de The Tournament Director 3 (.tdt) à reprendre dans le fichier du club&#x202f;: rien n’est écrit avant Importer. Chaque fichier dit ce qu’il apporte.</translation>
    </message>
    <message>
        <source>Add &amp;saves… (Ctrl+O)</source>
        <translation>Ajouter des &amp;sauvegardes… (Ctrl+O)</translation>
    </message>
    <message>
        <source>Add a &amp;folder…</source>
        <translation>Ajouter un &amp;dossier…</translation>
    </message>
    <message>
        <source>Make a &amp;league of each points formula, with the nights it scored</source>
        <translation>Faire une &amp;ligue de chaque formule de points, avec les soirées qu’elle a comptées</translation>
    </message>
    <message>
        <source>&amp;Currency (TD3 does not say):</source>
        <translation>&amp;Monnaie (TD3 ne la dit pas)&#x202f;:</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>Night</source>
        <translation>Soirée</translation>
    </message>
    <message>
        <source>Members</source>
        <translation>Membres</translation>
    </message>
    <message>
        <source>Brings</source>
        <translation>Apporte</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Problèmes</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importer</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Choose the saves: files, or a season&apos;s folder.</source>
        <translation>Choisissez les sauvegardes&#x202f;: des fichiers, ou le dossier d’une saison.</translation>
    </message>
    <message>
        <source>TD3 saves</source>
        <translation>Sauvegardes TD3</translation>
    </message>
    <message>
        <source>TD3 saves (*.tdt)</source>
        <translation>Sauvegardes TD3 (*.tdt)</translation>
    </message>
    <message>
        <source>A folder of TD3 saves</source>
        <translation>Un dossier de sauvegardes TD3</translation>
    </message>
    <message>
        <source>There is no TD3 save (.tdt) in {folder}</source>
        <translation>Il n’y a aucune sauvegarde TD3 (.tdt) dans {folder}</translation>
    </message>
    <message>
        <source>{title} {count} paid</source>
        <translation>{title} {count} places payées</translation>
    </message>
    <message>
        <source>TD3 points</source>
        <translation>Points TD3</translation>
    </message>
    <message>
        <source>No save can be read: nothing to import</source>
        <translation>Aucune sauvegarde n’est lisible&#x202f;: rien à importer</translation>
    </message>
    <message>
        <source>Nothing imported: {why}</source>
        <translation>Rien n’a été importé&#x202f;: {why}</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>cannot be read: left out</source>
        <translation>illisible&#x202f;: laissé de côté</translation>
    </message>
    <message>
        <source>Imported: {facts}</source>
        <translation>Importé&#x202f;: {facts}</translation>
    </message>
    <message>
        <source>Would import: {facts}</source>
        <translation>Serait importé&#x202f;: {facts}</translation>
    </message>
</context>
<context>
    <name>chip colours</name>
    <message>
        <source>white</source>
        <translation>blancs</translation>
    </message>
    <message>
        <source>red</source>
        <translation>rouges</translation>
    </message>
    <message>
        <source>blue</source>
        <translation>bleus</translation>
    </message>
    <message>
        <source>green</source>
        <translation>verts</translation>
    </message>
    <message>
        <source>black</source>
        <translation>noirs</translation>
    </message>
    <message>
        <source>purple</source>
        <translation>violets</translation>
    </message>
    <message>
        <source>yellow</source>
        <translation>jaunes</translation>
    </message>
    <message>
        <source>orange</source>
        <translation>orange</translation>
    </message>
    <message>
        <source>grey</source>
        <translation>gris</translation>
    </message>
    <message>
        <source>pink</source>
        <translation>roses</translation>
    </message>
    <message>
        <source>brown</source>
        <translation>marron</translation>
    </message>
</context>
<context>
    <name>errors</name>
    <message>
        <source>This player already has a live entry</source>
        <translation>Ce joueur a déjà une entrée en jeu</translation>
    </message>
    <message>
        <source>Late registration is closed</source>
        <translation>Les inscriptions tardives sont closes</translation>
    </message>
    <message>
        <source>That name is already registered</source>
        <translation>Ce nom est déjà inscrit</translation>
    </message>
    <message>
        <source>Nothing is owed to this entry now</source>
        <translation>Rien n’est dû à cette entrée pour l’instant</translation>
    </message>
    <message>
        <source>Name who won the pot: their bounty depends on it</source>
        <translation>Indiquez qui a gagné le pot&#xa0;: la prime en dépend</translation>
    </message>
    <message>
        <source>An eliminator must play at the same table</source>
        <translation>Un éliminateur doit jouer à la même table</translation>
    </message>
    <message>
        <source>This player is no longer in play</source>
        <translation>Ce joueur n’est plus en jeu</translation>
    </message>
    <message>
        <source>The last player left cannot bust</source>
        <translation>Le dernier joueur restant ne peut pas être éliminé</translation>
    </message>
    <message>
        <source>Several busts in one hand must be at one table</source>
        <translation>Plusieurs éliminations d’une même main doivent être à une même table</translation>
    </message>
    <message>
        <source>A player is never moved to another seat of the same table (UPPS 4.4)</source>
        <translation>Un joueur n’est jamais déplacé vers un autre siège de la même table (UPPS 4.4)</translation>
    </message>
    <message>
        <source>Table {table} seat {seat} is taken</source>
        <translation>Table {table} siège {seat} est occupé</translation>
    </message>
    <message>
        <source>This player left an abandoned stack at table {table}: never seated there again</source>
        <translation>Ce joueur a abandonné un tapis à la table {table}&#xa0;: il n’y est plus jamais placé</translation>
    </message>
    <message>
        <source>That table is closed</source>
        <translation>Cette table est fermée</translation>
    </message>
    <message>
        <source>Table {table} has players: it must stay</source>
        <translation>La table {table} a des joueurs&#xa0;: elle doit rester</translation>
    </message>
    <message>
        <source>Say where the button is first (set the button)</source>
        <translation>Indiquez d’abord où est le bouton</translation>
    </message>
    <message>
        <source>That changes nothing</source>
        <translation>Cela ne change rien</translation>
    </message>
    <message>
        <source>The clock has already started</source>
        <translation>L’horloge a déjà démarré</translation>
    </message>
    <message>
        <source>Start the clock first</source>
        <translation>Démarrez d’abord l’horloge</translation>
    </message>
    <message>
        <source>The clock is already paused</source>
        <translation>L’horloge est déjà en pause</translation>
    </message>
    <message>
        <source>The clock is already running</source>
        <translation>L’horloge tourne déjà</translation>
    </message>
    <message>
        <source>The clock is at the first level</source>
        <translation>L’horloge est au premier niveau</translation>
    </message>
    <message>
        <source>The shares add up to {total} %, not the whole pool (100 %)</source>
        <translation>Les parts font {total}&#xa0;%, pas le pot entier (100&#xa0;%)</translation>
    </message>
    <message>
        <source>The file is damaged at event #{first_bad_seq}; the events before it are intact ({intact_events}). Restore a backup, or open everything before the damage</source>
        <translation>Le fichier est endommagé à l’événement n° {first_bad_seq}&#x202f;; les événements précédents sont intacts ({intact_events}). Restaurez une sauvegarde, ou ouvrez tout ce qui précède le dommage</translation>
    </message>
    <message>
        <source>The tournament is over</source>
        <translation>Le tournoi est terminé</translation>
    </message>
    <message>
        <source>The flight plays on: its chips are bagged once it has stopped</source>
        <translation>Le flight continue&#xa0;: ses jetons sont mis en sac une fois qu’il s’est arrêté</translation>
    </message>
    <message>
        <source>Every table of the flight is bagged</source>
        <translation>Toutes les tables du flight sont mises en sac</translation>
    </message>
    <message>
        <source>Table {table} is bagged already</source>
        <translation>La table {table} est déjà mise en sac</translation>
    </message>
    <message>
        <source>With table {table} the bags add up to {chips} chips, more than the {in_play} in play: count it again</source>
        <translation>Avec la table {table}, les sacs font {chips} jetons, plus que les {in_play} en jeu&#xa0;: recomptez-la</translation>
    </message>
    <message>
        <source>That entry is no longer in this tournament (taken back, or undone): choose the player again</source>
        <translation>Cette entrée n’est plus dans ce tournoi (reprise ou annulée)&#xa0;: choisissez à nouveau le joueur</translation>
    </message>
    <message>
        <source>That player is no longer registered (taken back, or undone): find them again</source>
        <translation>Ce joueur n’est plus inscrit (inscription reprise ou annulée)&#xa0;: cherchez-le à nouveau</translation>
    </message>
    <message>
        <source>Event #{seq} cannot be undone on its own</source>
        <translation>L’événement n°{seq} ne peut pas être annulé seul</translation>
    </message>
    <message>
        <source>Choose how the player pays: cash, card, transfer, voucher or comp</source>
        <translation>Choisissez comment le joueur paie&#xa0;: espèces, carte, virement, bon ou offert</translation>
    </message>
    <message>
        <source>Give at least one paid place, with its share</source>
        <translation>Indiquez au moins une place payée, avec sa part</translation>
    </message>
    <message>
        <source>Place {place} needs a share above 0 %</source>
        <translation>La place {place} doit avoir une part au-dessus de 0&#xa0;%</translation>
    </message>
    <message>
        <source>Place {place} ({share} %) would pay more than place {above_place} ({above} %)</source>
        <translation>La place {place} ({share}&#xa0;%) paierait plus que la place {above_place} ({above}&#xa0;%)</translation>
    </message>
    <message>
        <source>The paid places are not right: each needs a share, first place first, adding up to 100 %</source>
        <translation>Les places payées ne vont pas&#xa0;: chacune a une part, la première d’abord, le tout faisant 100&#xa0;%</translation>
    </message>
    <message>
        <source>A satellite pays its seats and what is left over: it has no prize places to change</source>
        <translation>Un satellite paie ses places qualificatives et le reliquat&#xa0;: il n’a pas de places payées à modifier</translation>
    </message>
    <message>
        <source>The prize pool cannot be below 0</source>
        <translation>La dotation ne peut pas être inférieure à 0</translation>
    </message>
    <message>
        <source>Prizes are rounded to a unit of 1 or more</source>
        <translation>Les prix sont arrondis à une unité de 1 ou plus</translation>
    </message>
    <message>
        <source>Each amount of the deal is a whole amount, 0 or more</source>
        <translation>Chaque montant du deal est un montant entier, 0 ou plus</translation>
    </message>
    <message>
        <source>The prizes left must pay each place no more than the place above it</source>
        <translation>Les prix restants ne paient jamais une place plus que celle au-dessus</translation>
    </message>
    <message>
        <source>A deal is made by ICM, chip chop or amounts typed in</source>
        <translation>Un deal se fait à l’ICM, au chip chop ou par montants saisis</translation>
    </message>
    <message>
        <source>ICM counts {players} players too slowly: make a chip chop or type the amounts</source>
        <translation>L’ICM compte {players} joueurs trop lentement&#xa0;: faites un chip chop ou saisissez les montants</translation>
    </message>
    <message>
        <source>That stack is not this player&apos;s live entry</source>
        <translation>Ce tapis n’est pas l’entrée en jeu de ce joueur</translation>
    </message>
    <message>
        <source>Give the chip values of the set (at least one)</source>
        <translation>Indiquez les valeurs des jetons de la mallette (au moins une)</translation>
    </message>
    <message>
        <source>A starting stack of {stack} cannot be made of chips of {chip}</source>
        <translation>Un tapis de départ de {stack} ne se fait pas avec des jetons de {chip}</translation>
    </message>
    <message>
        <source>A seat won there is not worth a buy-in here: the two must cost the same</source>
        <translation>Une place gagnée là-bas ne vaut pas un buy-in ici&#xa0;: les deux doivent coûter pareil</translation>
    </message>
    <message>
        <source>Already entered, leave them out: {names}</source>
        <translation>Déjà entrés, laissez-les de côté&#xa0;: {names}</translation>
    </message>
    <message>
        <source>The flight has stopped already</source>
        <translation>Le flight est déjà arrêté</translation>
    </message>
    <message>
        <source>{players_left} players are left: the flight stops at {target}</source>
        <translation>Il reste {players_left} joueurs&#xa0;: le flight s’arrête à {target}</translation>
    </message>
    <message>
        <source>The Day 2 has taken its flights already</source>
        <translation>Le Day 2 a déjà pris ses flights</translation>
    </message>
    <message>
        <source>This tournament is not the Day 2 of an event</source>
        <translation>Ce tournoi n’est pas le Day 2 d’un événement</translation>
    </message>
    <message>
        <source>The Day 2 takes its flights before anyone is registered</source>
        <translation>Le Day 2 prend ses flights avant toute inscription</translation>
    </message>
    <message>
        <source>The Day 2&apos;s players come from its flights: nobody buys in here</source>
        <translation>Les joueurs du Day 2 viennent de ses flights&#xa0;: personne ne paie de buy-in ici</translation>
    </message>
    <message>
        <source>The bags of {flight} do not add up to its {chips} chips</source>
        <translation>Les sacs de {flight} ne font pas ses {chips} jetons</translation>
    </message>
    <message>
        <source>Give every bag of table {table}; missing: {names}</source>
        <translation>Indiquez chaque sac de la table {table}&#xa0;; manquent&#xa0;: {names}</translation>
    </message>
    <message>
        <source>This player still plays in {flight}: another flight once busted there</source>
        <translation>Ce joueur joue encore dans {flight}&#xa0;: un autre flight une fois éliminé là-bas</translation>
    </message>
    <message>
        <source>This player qualified in {flight}: this event allows no other flight after qualifying</source>
        <translation>Ce joueur s’est qualifié dans {flight}&#xa0;: cet événement n’autorise pas d’autre flight après qualification</translation>
    </message>
    <message>
        <source>{flight} is not bagged yet: its Day 2 takes it once every table is bagged</source>
        <translation>{flight} n’est pas encore mis en sac&#xa0;: son jour 2 le prend une fois chaque table mise en sac</translation>
    </message>
    <message>
        <source>{flight} is a flight of another event</source>
        <translation>{flight} est un flight d’un autre événement</translation>
    </message>
    <message>
        <source>{flight} is chosen twice</source>
        <translation>{flight} est choisi deux fois</translation>
    </message>
    <message>
        <source>{name} is not a flight of an event</source>
        <translation>{name} n’est pas un flight d’un événement</translation>
    </message>
    <message>
        <source>This tournament is not a satellite</source>
        <translation>Ce tournoi n’est pas un satellite</translation>
    </message>
    <message>
        <source>The satellite plays on: its seats are known once it has ended</source>
        <translation>Le satellite continue&#xa0;: ses tickets sont connus une fois qu’il est terminé</translation>
    </message>
    <message>
        <source>The seats of {satellite} are taken already</source>
        <translation>Les tickets de {satellite} sont déjà repris</translation>
    </message>
    <message>
        <source>{satellite} gives seats in another event</source>
        <translation>{satellite} donne des tickets pour un autre événement</translation>
    </message>
    <message>
        <source>The bags add up to {chips} chips, {missing} short of the {in_play} in play: count again, or accept the difference</source>
        <translation>Les sacs font {chips} jetons, {missing} de moins que les {in_play} en jeu&#xa0;: recomptez, ou acceptez l’écart</translation>
    </message>
    <message>
        <source>Hand-for-hand is already on</source>
        <translation>Le main par main est déjà en cours</translation>
    </message>
    <message>
        <source>Mystery bounties cannot be switched on or off once entries are bought</source>
        <translation>Les primes mystère ne peuvent plus être activées ni retirées une fois des entrées achetées</translation>
    </message>
    <message>
        <source>This tournament has no mystery bounties</source>
        <translation>Ce tournoi n’a pas de primes mystère</translation>
    </message>
    <message>
        <source>This flight&apos;s bounty parts go to the Day 2: its envelopes are fixed there, from every flight&apos;s parts</source>
        <translation>Les parts de prime de ce flight vont au jour 2&#x202f;: ses enveloppes y sont fixées, avec les parts de tous les flights</translation>
    </message>
    <message>
        <source>The envelopes are fixed once late registration has closed: until then the bounty pool may still grow</source>
        <translation>Les enveloppes se fixent une fois les inscriptions tardives closes&#xa0;: d’ici là, le pot des primes peut encore grossir</translation>
    </message>
    <message>
        <source>Envelopes have been drawn already: they can no longer be changed</source>
        <translation>Des enveloppes ont déjà été tirées&#xa0;: elles ne peuvent plus être changées</translation>
    </message>
    <message>
        <source>The envelopes must add up to the bounty pool exactly</source>
        <translation>Les enveloppes doivent faire exactement le pot des primes</translation>
    </message>
    <message>
        <source>Every envelope must hold money: the bounty pool does not fill that many</source>
        <translation>Chaque enveloppe doit contenir de l’argent&#xa0;: le pot des primes n’en remplit pas autant</translation>
    </message>
    <message>
        <source>The mystery bounties have started: fix the envelopes first (Mystery envelopes...), then record the knockout</source>
        <translation>Les primes mystère ont commencé&#xa0;: fixez d’abord les enveloppes (Enveloppes mystère...), puis enregistrez l’élimination</translation>
    </message>
    <message>
        <source>The deal ends the tournament: no knockout is left to draw the envelopes, so they are shared in the deal or as the house says</source>
        <translation>Le deal termine le tournoi&#xa0;: aucune élimination ne reste pour tirer les enveloppes, elles sont donc partagées dans le deal ou comme le veut la maison</translation>
    </message>
    <message>
        <source>The house&apos;s rule for the envelopes left is applied at the finish: while play goes on they are drawn on, or shared in the deal</source>
        <translation>La règle de la maison pour les enveloppes restantes s’applique à la fin&#xa0;: tant que le jeu continue, elles sont tirées, ou partagées dans le deal</translation>
    </message>
    <message>
        <source>Hand-for-hand is not on</source>
        <translation>Le main par main n’est pas en cours</translation>
    </message>
    <message>
        <source>Give the reason: the TD&apos;s decision is recorded with it</source>
        <translation>Donnez la raison&#xa0;: la décision du directeur est enregistrée avec elle</translation>
    </message>
    <message>
        <source>Levels already played must stay as they were</source>
        <translation>Les niveaux déjà joués doivent rester tels quels</translation>
    </message>
    <message>
        <source>There is nothing to undo</source>
        <translation>Il n’y a rien à annuler</translation>
    </message>
    <message>
        <source>That command cannot be undone: a later one depends on it</source>
        <translation>Cette commande ne peut pas être annulée&#xa0;: une commande plus récente en dépend</translation>
    </message>
    <message>
        <source>That is more chips than there are in play</source>
        <translation>C’est plus de jetons qu’il n’y en a en jeu</translation>
    </message>
    <message>
        <source>A count of {chips} chips: a player with no chips is out (bust them)</source>
        <translation>Un compte de {chips} jetons&#xa0;: un joueur sans jetons est éliminé (l’éliminer)</translation>
    </message>
    <message>
        <source>{name} does not sit at table {table}</source>
        <translation>{name} ne joue pas à la table {table}</translation>
    </message>
    <message>
        <source>Several out in one hand: give each one&apos;s chips at the start of the hand (UPPS 7.2)</source>
        <translation>Plusieurs éliminés dans la même main&#xa0;: donnez le tapis de chacun au début de la main (UPPS 7.2)</translation>
    </message>
    <message>
        <source>A player out in this hand cannot also have won it</source>
        <translation>Un joueur éliminé dans cette main ne peut pas l’avoir gagnée</translation>
    </message>
    <message>
        <source>This tournament is a freezeout: no re-entry</source>
        <translation>Ce tournoi est un freezeout&#xa0;: pas de ré-entrée</translation>
    </message>
    <message>
        <source>This player was disqualified or removed and cannot enter again</source>
        <translation>Ce joueur a été disqualifié ou exclu et ne peut plus entrer</translation>
    </message>
    <message>
        <source>The same seat cannot be kept: a new seat is drawn</source>
        <translation>La même place ne peut pas être gardée&#xa0;: une nouvelle place est tirée</translation>
    </message>
    <message>
        <source>A stack can be given up for a re-entry only during a break</source>
        <translation>Un tapis ne peut être abandonné pour une ré-entrée que pendant une pause</translation>
    </message>
    <message>
        <source>This tournament has no rebuys</source>
        <translation>Ce tournoi n’a pas de recaves</translation>
    </message>
    <message>
        <source>Rebuys closed at the end of level {until_level}</source>
        <translation>Recaves closes à la fin du niveau {until_level}</translation>
    </message>
    <message>
        <source>A rebuy is allowed at {max_stack} chips or fewer; the player has {stack}</source>
        <translation>Une recave est permise à {max_stack} jetons ou moins&#x202f;; le joueur en a {stack}</translation>
    </message>
    <message>
        <source>This tournament has no add-on</source>
        <translation>Ce tournoi n’a pas d’add-on</translation>
    </message>
    <message>
        <source>The add-on is taken during the break after level {at_break_after_level}</source>
        <translation>L’add-on se prend pendant la pause après le niveau {at_break_after_level}</translation>
    </message>
    <message>
        <source>This entry has taken the add-on already</source>
        <translation>Cette entrée a déjà pris l’add-on</translation>
    </message>
    <message>
        <source>This is a points-only event: no money changes hands</source>
        <translation>C’est un tournoi aux points&#xa0;: aucun argent n’est en jeu</translation>
    </message>
    <message>
        <source>Every seat is taken: put the player on the waiting list, or add tables in the settings</source>
        <translation>Toutes les places sont prises&#xa0;: inscrivez le joueur sur la liste d’attente, ou ajoutez des tables dans les réglages</translation>
    </message>
    <message>
        <source>{waiting} waiting for a seat, {first} first: put this player on the waiting list</source>
        <translation>{waiting} en attente d’une place, {first} en premier&#xa0;: inscrivez ce joueur sur la liste d’attente</translation>
    </message>
    <message>
        <source>{first} is first on the waiting list: this player is number {position}</source>
        <translation>{first} est premier sur la liste d’attente&#xa0;: ce joueur est numéro {position}</translation>
    </message>
    <message>
        <source>This player is already number {position} on the waiting list</source>
        <translation>Ce joueur est déjà numéro {position} sur la liste d’attente</translation>
    </message>
    <message>
        <source>A seat is free: sell the buy-in</source>
        <translation>Une place est libre&#xa0;: vendez le buy-in</translation>
    </message>
    <message>
        <source>This player is not on the waiting list</source>
        <translation>Ce joueur n’est pas sur la liste d’attente</translation>
    </message>
    <message>
        <source>This player is on the waiting list: take them off it first</source>
        <translation>Ce joueur est sur la liste d’attente&#xa0;: retirez-le d’abord de la liste</translation>
    </message>
    <message>
        <source>Late registration is still open: take the players off the waiting list one at a time</source>
        <translation>L’inscription tardive est encore ouverte&#xa0;: retirez les joueurs de la liste d’attente un par un</translation>
    </message>
    <message>
        <source>Table {table} seat {seat} is empty: heads-up the button goes to a player</source>
        <translation>Table {table} siège {seat} est vide&#xa0;: en tête-à-tête le bouton va à un joueur</translation>
    </message>
    <message>
        <source>Table {table} is the last table open: it cannot break</source>
        <translation>La table {table} est la dernière ouverte&#xa0;: elle ne peut pas casser</translation>
    </message>
    <message>
        <source>Table {table} cannot break now: its players cannot all be seated at the other tables</source>
        <translation>La table {table} ne peut pas casser maintenant&#xa0;: ses joueurs ne peuvent pas tous être placés aux autres tables</translation>
    </message>
    <message>
        <source>The final table was drawn at table {table}</source>
        <translation>La table finale a été tirée à la table {table}</translation>
    </message>
    <message>
        <source>The clock has not started yet</source>
        <translation>L’horloge n’a pas encore démarré</translation>
    </message>
    <message>
        <source>A player can never win the bounty of the stack they abandoned (PKR4U 6)</source>
        <translation>Un joueur ne peut jamais gagner la prime du tapis qu’il a abandonné (PKR4U 6)</translation>
    </message>
    <message>
        <source>A deal is made once late registration has closed and no abandoned stack is left</source>
        <translation>Un deal se fait une fois les inscriptions tardives closes et sans tapis abandonné en jeu</translation>
    </message>
    <message>
        <source>A deal includes every player still in play</source>
        <translation>Un deal comprend tous les joueurs encore en jeu</translation>
    </message>
    <message>
        <source>Give every player&apos;s chip count: a whole number above 0</source>
        <translation>Donnez le nombre de jetons de chaque joueur&#xa0;: un nombre entier supérieur à 0</translation>
    </message>
    <message>
        <source>The disk failed to write; nothing that was recorded is lost. Check the disk, then try again</source>
        <translation>Le disque n’a pas pu écrire&#xa0;; rien de ce qui était enregistré n’est perdu. Vérifiez le disque, puis réessayez</translation>
    </message>
    <message>
        <source>The program&apos;s installation is incomplete ({path} is missing): install TourneyDesk again</source>
        <translation>L’installation du programme est incomplète ({path} manque)&#xa0;: réinstallez TourneyDesk</translation>
    </message>
    <message>
        <source>There is no blind structure called {structure}</source>
        <translation>Il n’y a pas de structure des blindes nommée {structure}</translation>
    </message>
    <message>
        <source>There is no payout table called {table}</source>
        <translation>Il n’y a pas de table des paiements nommée {table}</translation>
    </message>
    <message>
        <source>This file cannot be read: ask its owner or an administrator for the right to read it, or check the disk</source>
        <translation>Ce fichier ne peut pas être lu&#xa0;: demandez à son propriétaire ou à un administrateur le droit de le lire, ou vérifiez le disque</translation>
    </message>
    <message>
        <source>This command was recorded already, but the answer kept with it no longer matches the log: nothing was done again. The event log shows what it did (from event #{first_seq})</source>
        <translation>Cette commande était déjà enregistrée, mais la réponse gardée avec elle ne correspond plus au journal&#xa0;: rien n’a été refait. Le journal des événements montre ce qu’elle a fait (à partir de l’événement n° {first_seq})</translation>
    </message>
    <message>
        <source>The last {missing_commands} commands recorded in this file are missing from it ({found_seq} events of {acknowledged_seq}): its write-ahead log was cut short or damaged. Restore a backup that holds more, or open the file as it is and enter them again</source>
        <translation>Les {missing_commands} dernières commandes enregistrées dans ce fichier en sont absentes ({found_seq} événements sur {acknowledged_seq})&#xa0;: son journal d’écriture a été tronqué ou endommagé. Restaurez une sauvegarde qui en contient davantage, ou ouvrez le fichier tel quel et saisissez-les à nouveau</translation>
    </message>
    <message>
        <source>Member id {member} is already another member&apos;s: a member id is never given twice</source>
        <translation>Le numéro de membre {member} est déjà celui d’un autre membre&#xa0;: un numéro n’est jamais donné deux fois</translation>
    </message>
    <message>
        <source>There is no member {member}</source>
        <translation>Il n’y a pas de membre {member}</translation>
    </message>
    <message>
        <source>Member {member} was erased on request</source>
        <translation>Le membre {member} a été effacé à sa demande</translation>
    </message>
    <message>
        <source>Member {member} is already that member</source>
        <translation>Le membre {member} est déjà ce membre</translation>
    </message>
    <message>
        <source>There is already a league {league}</source>
        <translation>Il y a déjà un championnat {league}</translation>
    </message>
    <message>
        <source>There is no league {league}</source>
        <translation>Il n’y a pas de championnat {league}</translation>
    </message>
    <message>
        <source>The league has a season {season} already</source>
        <translation>Le championnat a déjà une saison {season}</translation>
    </message>
    <message>
        <source>The season overlaps {season}: a night counts in one season of a league</source>
        <translation>La saison chevauche {season}&#xa0;: une soirée compte dans une seule saison d’un championnat</translation>
    </message>
    <message>
        <source>The league has no season {season}</source>
        <translation>Le championnat n’a pas de saison {season}</translation>
    </message>
    <message>
        <source>The club has no formula {formula}</source>
        <translation>Le club n’a pas de formule {formula}</translation>
    </message>
    <message>
        <source>This formula reads what changes while the clock runs: it is a TD3 event trigger or screen layout, not league points</source>
        <translation>Cette formule lit ce qui change pendant que l’horloge tourne&#x202f;: c’est un déclencheur d’événement ou une mise en page d’écran de TD3, pas des points de championnat</translation>
    </message>
    <message>
        <source>There is no club file {path}</source>
        <translation>Il n’y a pas de fichier du club {path}</translation>
    </message>
    <message>
        <source>{path} is not a file: choose the club file itself</source>
        <translation>{path} n’est pas un fichier&#x202f;: choisissez le fichier du club lui-même</translation>
    </message>
    <message>
        <source>{path} is not a club file</source>
        <translation>{path} n’est pas un fichier de club</translation>
    </message>
    <message>
        <source>The club file {path} was written by a newer TourneyDesk: update the program</source>
        <translation>Le fichier du club {path} a été écrit par un TourneyDesk plus récent&#x202f;: mettez le programme à jour</translation>
    </message>
    <message>
        <source>The club file {path} is damaged and was not opened: put one of its backups back (tourneydesk club restore BACKUP)</source>
        <translation>Le fichier du club {path} est endommagé et n’a pas été ouvert&#x202f;: remettez l’une de ses sauvegardes en place (tourneydesk club restore SAUVEGARDE)</translation>
    </message>
    <message>
        <source>The club file {path} holds {found} changes, but {acknowledged} were made in it: the last {missing} are missing. Put back the newest backup that holds more (tourneydesk club restore BACKUP), or open it as it is (tourneydesk club --open-as-is)</source>
        <translation>Le fichier du club {path} contient {found} modifications, mais {acknowledged} y ont été faites&#x202f;: les {missing} dernières manquent. Remettez en place la sauvegarde la plus récente qui en contient davantage (tourneydesk club restore SAUVEGARDE), ou ouvrez-le tel quel (tourneydesk club --open-as-is)</translation>
    </message>
    <message>
        <source>The club file {path} is being written by another program: try again</source>
        <translation>Le fichier du club {path} est en cours d’écriture par un autre programme&#x202f;: réessayez</translation>
    </message>
    <message>
        <source>The club file {path} cannot be read</source>
        <translation>Le fichier du club {path} ne peut pas être lu</translation>
    </message>
    <message>
        <source>The club file {path} could not be written: nothing was changed</source>
        <translation>Le fichier du club {path} n’a pas pu être écrit&#x202f;: rien n’a été modifié</translation>
    </message>
    <message>
        <source>The club file could not be read: {why}</source>
        <translation>Le fichier du club n’a pas pu être lu&#x202f;: {why}</translation>
    </message>
    <message>
        <source>The club file could not be written: {why}</source>
        <translation>Le fichier du club n’a pas pu être écrit&#x202f;: {why}</translation>
    </message>
    <message>
        <source>The club file could not be opened: {why}</source>
        <translation>Le fichier du club n’a pas pu être ouvert&#x202f;: {why}</translation>
    </message>
    <message>
        <source>The club file could not be made: {why}</source>
        <translation>Le fichier du club n’a pas pu être créé&#x202f;: {why}</translation>
    </message>
    <message>
        <source>The club file could not be closed: {why}</source>
        <translation>Le fichier du club n’a pas pu être fermé&#x202f;: {why}</translation>
    </message>
    <message>
        <source>{what} must be text</source>
        <translation>{what}&#x202f;: du texte est attendu</translation>
    </message>
    <message>
        <source>{what} is empty</source>
        <translation>{what}&#x202f;: rien n’est écrit</translation>
    </message>
    <message>
        <source>{what} is {length} characters long; at most {max}</source>
        <translation>{what}&#x202f;: {length} caractères&#x202f;; au plus {max}</translation>
    </message>
    <message>
        <source>{what} contains a control character</source>
        <translation>{what}&#x202f;: un caractère de contrôle s’y trouve</translation>
    </message>
    <message>
        <source>{thing} needs a name</source>
        <translation>{thing}&#x202f;: il lui faut un nom</translation>
    </message>
    <message>
        <source>{thing}: the name is {length} characters long; at most {max}</source>
        <translation>{thing}&#x202f;: le nom fait {length} caractères&#x202f;; au plus {max}</translation>
    </message>
    <message>
        <source>{name} is a preset&apos;s name: give the formula another</source>
        <translation>{name} est le nom d’une formule prédéfinie&#x202f;: donnez-en un autre à la formule</translation>
    </message>
    <message>
        <source>{name} is {count} members already ({ids}): give the row the member id of the one it is</source>
        <translation>{name} désigne déjà {count} membres ({ids})&#x202f;: donnez à la ligne le numéro de membre de la bonne personne</translation>
    </message>
    <message>
        <source>A member id cannot be empty</source>
        <translation>Un numéro de membre ne peut pas être vide</translation>
    </message>
    <message>
        <source>A member id is a short code without spaces, not “{value}”</source>
        <translation>Un numéro de membre est un code court sans espace, pas «&#x202f;{value}&#x202f;»</translation>
    </message>
    <message>
        <source>A member id never changes: it is the club&apos;s record of the person</source>
        <translation>Un numéro de membre ne change jamais&#x202f;: c’est la trace de la personne au club</translation>
    </message>
    <message>
        <source>{what} must be text of at most {limit} characters</source>
        <translation>{what}&#x202f;: au plus {limit} caractères de texte</translation>
    </message>
    <message>
        <source>{what} must be a date like 2026-12-01, not “{value}”</source>
        <translation>{what}&#x202f;: une date comme 2026-12-01 est attendue, pas «&#x202f;{value}&#x202f;»</translation>
    </message>
    <message>
        <source>The best results counted are a whole number of 1 or more</source>
        <translation>Les meilleurs résultats comptés sont un nombre entier, 1 ou plus</translation>
    </message>
    <message>
        <source>The league ends ({date_to}) before it begins ({date_from})</source>
        <translation>La ligue finit ({date_to}) avant de commencer ({date_from})</translation>
    </message>
    <message>
        <source>The season ends ({date_to}) before it begins ({date_from})</source>
        <translation>La saison finit ({date_to}) avant de commencer ({date_from})</translation>
    </message>
    <message>
        <source>The points are a number of points to give (or, below 0, to take)</source>
        <translation>Les points sont un nombre de points à donner (ou, sous 0, à retirer)</translation>
    </message>
    <message>
        <source>{name} did not play {tournament}</source>
        <translation>{name} n’a pas joué {tournament}</translation>
    </message>
    <message>
        <source>The reason is a text of at most {limit} characters</source>
        <translation>La raison est un texte d’au plus {limit} caractères</translation>
    </message>
    <message>
        <source>Say which member</source>
        <translation>Dites quel membre</translation>
    </message>
    <message>
        <source>Say which league</source>
        <translation>Dites quelle ligue</translation>
    </message>
    <message>
        <source>A member needs a name</source>
        <translation>Un membre doit avoir un nom</translation>
    </message>
    <message>
        <source>The name is missing</source>
        <translation>Le nom manque</translation>
    </message>
    <message>
        <source>A season has a first and a last day</source>
        <translation>Une saison a un premier et un dernier jour</translation>
    </message>
    <message>
        <source>{name} is already written that way</source>
        <translation>{name} est déjà écrit ainsi</translation>
    </message>
    <message>
        <source>{name} is a member already</source>
        <translation>{name} est déjà membre</translation>
    </message>
    <message>
        <source>League {league} already has those rules</source>
        <translation>La ligue {league} a déjà ces règles</translation>
    </message>
    <message>
        <source>{league} is already so</source>
        <translation>{league} est déjà ainsi</translation>
    </message>
    <message>
        <source>The season {season} already has those dates</source>
        <translation>La saison {season} a déjà ces dates</translation>
    </message>
    <message>
        <source>There is no template {template}</source>
        <translation>Il n’y a pas de modèle {template}</translation>
    </message>
    <message>
        <source>{flight} is a flight of {event}: the club records the event once, from its Day 2, with every flight&apos;s players</source>
        <translation>{flight} est un flight de {event}&#x202f;: le club enregistre l’événement une seule fois, depuis son Day 2, avec les joueurs de chaque flight</translation>
    </message>
    <message>
        <source>The formula gives no points for {name} in {night} ({date}): {problem}</source>
        <translation>La formule ne donne pas de points à {name} pour {night} ({date})&#x202f;: {problem}</translation>
    </message>
    <message>
        <source>The file is {megabytes} MB: a member list is far smaller</source>
        <translation>Le fichier fait {megabytes} Mo&#x202f;: une liste de membres est bien plus petite</translation>
    </message>
    <message>
        <source>The file is empty: the first line must name the columns</source>
        <translation>Le fichier est vide&#x202f;: la première ligne doit nommer les colonnes</translation>
    </message>
    <message>
        <source>Row {row}: the file cannot be read as CSV there</source>
        <translation>Ligne {row}&#x202f;: le fichier ne se lit pas comme un CSV à cet endroit</translation>
    </message>
    <message>
        <source>Row {row}: a cell of {kilobytes} KB or more; a member&apos;s field is a few lines at most (is a quotation mark left open above it?)</source>
        <translation>Ligne {row}&#x202f;: une cellule de {kilobytes} Ko ou plus&#x202f;; un champ de membre fait quelques lignes au plus (un guillemet est-il resté ouvert plus haut&#x202f;?)</translation>
    </message>
    <message>
        <source>The file is a spreadsheet&apos;s own file (.xlsx, .ods or .xls), not a CSV: save it from the spreadsheet as CSV and import that</source>
        <translation>Le fichier est celui d’un tableur (.xlsx, .ods ou .xls), pas un CSV&#x202f;: enregistrez-le en CSV depuis le tableur et importez celui-là</translation>
    </message>
    <message>
        <source>The file begins as {encoding} text but is not: save it again as CSV (UTF-8)</source>
        <translation>Le fichier commence comme un texte {encoding} mais n’en est pas un&#x202f;: enregistrez-le de nouveau en CSV (UTF-8)</translation>
    </message>
    <message>
        <source>The file is not text (it holds binary bytes): a member list is a CSV file, saved from the spreadsheet as CSV</source>
        <translation>Le fichier n’est pas du texte (il contient des octets binaires)&#x202f;: une liste de membres est un fichier CSV, enregistré en CSV depuis le tableur</translation>
    </message>
    <message>
        <source>Say which column holds the name</source>
        <translation>Dites quelle colonne contient le nom</translation>
    </message>
    <message>
        <source>Row {row}: two members have member id {member_id} (rows {first} and {row})</source>
        <translation>Ligne {row}&#x202f;: deux membres ont le numéro de membre {member_id} (lignes {first} et {row})</translation>
    </message>
    <message>
        <source>Member id {member} is already {name}&apos;s</source>
        <translation>Le numéro de membre {member} est déjà celui de {name}</translation>
    </message>
    <message>
        <source>Row {row}: {name} is already on row {first}; give each a member id if they are two people</source>
        <translation>Ligne {row}&#x202f;: {name} est déjà à la ligne {first}&#x202f;; donnez un numéro de membre à chacun si ce sont deux personnes</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not a number{where}</source>
        <translation>«&#x202f;{text}&#x202f;» n’est pas un nombre{where}</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not allowed{where}</source>
        <translation>«&#x202f;{text}&#x202f;» n’est pas permis{where}</translation>
    </message>
    <message>
        <source>comparisons cannot be chained{where}</source>
        <translation>les comparaisons ne s’enchaînent pas{where}</translation>
    </message>
    <message>
        <source>{function} needs its arguments in parentheses{where}</source>
        <translation>{function} veut ses arguments entre parenthèses{where}</translation>
    </message>
    <message>
        <source>{function} takes 1 argument, not {given}{where}</source>
        <translation>{function} prend 1 argument, pas {given}{where}</translation>
    </message>
    <message>
        <source>{function} takes {fewest} arguments, not {given}{where}</source>
        <translation>{function} prend {fewest} arguments, pas {given}{where}</translation>
    </message>
    <message>
        <source>{function} takes {fewest} arguments or more, not {given}{where}</source>
        <translation>{function} prend {fewest} arguments ou plus, pas {given}{where}</translation>
    </message>
    <message>
        <source>{function} takes {fewest} or {most} arguments, not {given}{where}</source>
        <translation>{function} prend {fewest} ou {most} arguments, pas {given}{where}</translation>
    </message>
    <message>
        <source>unknown name &apos;{name}&apos;{where}</source>
        <translation>nom inconnu «&#x202f;{name}&#x202f;»{where}</translation>
    </message>
    <message>
        <source>the formula ends too soon{where}</source>
        <translation>la formule s’arrête trop tôt{where}</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not expected here{where}</source>
        <translation>«&#x202f;{text}&#x202f;» n’est pas attendu ici{where}</translation>
    </message>
    <message>
        <source>expected a closing &apos;)&apos;, found &apos;{found}&apos;{where}</source>
        <translation>une «&#x202f;)&#x202f;» fermante est attendue, pas «&#x202f;{found}&#x202f;»{where}</translation>
    </message>
    <message>
        <source>expected a closing &apos;)&apos;, found the end{where}</source>
        <translation>une «&#x202f;)&#x202f;» fermante est attendue, pas la fin de la formule{where}</translation>
    </message>
    <message>
        <source>expected &apos;,&apos;, found &apos;{found}&apos;{where}</source>
        <translation>une «&#x202f;,&#x202f;» est attendue, pas «&#x202f;{found}&#x202f;»{where}</translation>
    </message>
    <message>
        <source>expected &apos;,&apos;, found the end{where}</source>
        <translation>une «&#x202f;,&#x202f;» est attendue, pas la fin de la formule{where}</translation>
    </message>
    <message>
        <source>the formula gives no number: a figure in it goes beyond what can be counted</source>
        <translation>la formule ne donne aucun nombre&#x202f;: un de ses chiffres dépasse ce qui peut être compté</translation>
    </message>
    <message>
        <source>a text in quotes is not closed{where}</source>
        <translation>un texte entre guillemets n’est pas fermé{where}</translation>
    </message>
    <message>
        <source>the formula is nested too deeply</source>
        <translation>la formule est imbriquée trop profondément</translation>
    </message>
    <message>
        <source>a text in quotes is only a name to assign, as in assign(&quot;points&quot;, 10){where}</source>
        <translation>un texte entre guillemets n’est que le nom à affecter, comme dans assign(&quot;points&quot;, 10){where}</translation>
    </message>
    <message>
        <source>{function}() cannot give league points: it would give points by chance{where}</source>
        <translation>{function}() ne peut pas donner de points de championnat&#x202f;: il donnerait des points au hasard{where}</translation>
    </message>
    <message>
        <source>{function}() cannot give league points: it works on lists, which a points formula here does not keep{where}</source>
        <translation>{function}() ne peut pas donner de points de championnat&#x202f;: il travaille sur des listes, qu’une formule de points ne garde pas ici{where}</translation>
    </message>
    <message>
        <source>{function}() cannot give league points: it reads TD3&apos;s rakes and profiles by name, which the club file does not keep{where}</source>
        <translation>{function}() ne peut pas donner de points de championnat&#x202f;: il lit les commissions et les profils de TD3 par leur nom, que le fichier du club ne garde pas{where}</translation>
    </message>
    <message>
        <source>there is no function &apos;{function}&apos;{where}</source>
        <translation>il n’y a pas de fonction «&#x202f;{function}&#x202f;»{where}</translation>
    </message>
    <message>
        <source>assign takes the name to assign in quotes first: assign(&quot;points&quot;, 10){where}</source>
        <translation>assign prend d’abord le nom à affecter, entre guillemets&#x202f;: assign(&quot;points&quot;, 10){where}</translation>
    </message>
    <message>
        <source>TD3&apos;s {name} is not kept in the club file{where}</source>
        <translation>{name} de TD3 n’est pas gardé dans le fichier du club{where}</translation>
    </message>
    <message>
        <source>the formula is empty</source>
        <translation>la formule est vide</translation>
    </message>
    <message>
        <source>the formula is {length} characters long; at most {most}</source>
        <translation>la formule fait {length} caractères&#x202f;; {most} au plus</translation>
    </message>
    <message>
        <source>there is no formula language &apos;{language}&apos;; known: {known}</source>
        <translation>il n’y a pas de langage de formule «&#x202f;{language}&#x202f;»&#x202f;; connus&#x202f;: {known}</translation>
    </message>
    <message>
        <source>{function}({value}) has no value</source>
        <translation>{function}({value}) n’a pas de valeur</translation>
    </message>
    <message>
        <source>sqrt({value}) has no value: the number is negative</source>
        <translation>sqrt({value}) n’a pas de valeur&#x202f;: le nombre est négatif</translation>
    </message>
    <message>
        <source>{base} ^ {exponent} has no value</source>
        <translation>{base} ^ {exponent} n’a pas de valeur</translation>
    </message>
    <message>
        <source>a multiple of 0 has no value</source>
        <translation>un multiple de 0 n’a pas de valeur</translation>
    </message>
    <message>
        <source>{name} is read before it is given a value</source>
        <translation>{name} est lu avant d’avoir reçu une valeur</translation>
    </message>
    <message>
        <source>division by zero</source>
        <translation>division par zéro</translation>
    </message>
    <message>
        <source> at column {column}</source>
        <translation> à la colonne {column}</translation>
    </message>
    <message>
        <source> at line {line}, column {column}</source>
        <translation> à la ligne {line}, colonne {column}</translation>
    </message>
    <message>
        <source>The blind structure is not brought over: its level {number} has no blinds or no length</source>
        <translation>La structure des blindes n’est pas reprise&#x202f;: son niveau {number} n’a pas de blindes ou pas de durée</translation>
    </message>
    <message>
        <source>The points formula is not brought over: {problem}</source>
        <translation>La formule de points n’est pas reprise&#x202f;: {problem}</translation>
    </message>
    <message>
        <source>Prizes not for a place (a high hand, a bonus) are not brought over ({count}): a payout profile pays places only</source>
        <translation>Des prix qui ne sont pas pour une place (une main haute, un bonus) ne sont pas repris ({count})&#x202f;: un profil de paiement ne paie que des places</translation>
    </message>
    <message>
        <source>The prize table is not brought over: it pays places {places}, not 1, 2, 3… in a row</source>
        <translation>La table des prix n’est pas reprise&#x202f;: elle paie les places {places}, pas 1, 2, 3… à la suite</translation>
    </message>
    <message>
        <source>The bounties won are not brought over: TD3 keeps bounty chips, not the money each player won; they count as 0</source>
        <translation>Les primes gagnées ne sont pas reprises&#x202f;: TD3 garde des jetons de prime, pas l’argent gagné par chaque joueur&#x202f;; elles comptent pour 0</translation>
    </message>
    <message>
        <source>No night is recorded: the tournament is not finished ({count} players still in)</source>
        <translation>Aucune soirée n’est enregistrée&#x202f;: le tournoi n’est pas fini ({count} joueurs encore en jeu)</translation>
    </message>
    <message>
        <source>No night is recorded: nobody bought in</source>
        <translation>Aucune soirée n’est enregistrée&#x202f;: personne n’a payé d’entrée</translation>
    </message>
    <message>
        <source>No night is recorded: the save has no date</source>
        <translation>Aucune soirée n’est enregistrée&#x202f;: la sauvegarde n’a pas de date</translation>
    </message>
    <message>
        <source>The player &apos;{name}&apos; is not brought over: {problem}</source>
        <translation>Le joueur «&#x202f;{name}&#x202f;» n’est pas repris&#x202f;: {problem}</translation>
    </message>
    <message>
        <source>The blind structure is not kept as a template: {problem}</source>
        <translation>La structure des blindes n’est pas gardée comme modèle&#x202f;: {problem}</translation>
    </message>
    <message>
        <source>The result in place {place} is not brought over: its player has no name</source>
        <translation>Le résultat de la place {place} n’est pas repris&#x202f;: son joueur n’a pas de nom</translation>
    </message>
    <message>
        <source>This is not a Tournament Director file we can read: {detail}</source>
        <translation>Ce n’est pas un fichier de Tournament Director lisible&#x202f;: {detail}</translation>
    </message>
    <message>
        <source>The file cannot be read: {why}</source>
        <translation>Le fichier ne peut pas être lu&#x202f;: {why}</translation>
    </message>
    <message>
        <source>the name</source>
        <translation>le nom</translation>
    </message>
    <message>
        <source>the nickname</source>
        <translation>le surnom</translation>
    </message>
    <message>
        <source>the first name</source>
        <translation>le prénom</translation>
    </message>
    <message>
        <source>the last name</source>
        <translation>le nom de famille</translation>
    </message>
    <message>
        <source>the email</source>
        <translation>l’e-mail</translation>
    </message>
    <message>
        <source>the second email</source>
        <translation>le second e-mail</translation>
    </message>
    <message>
        <source>the phone</source>
        <translation>le téléphone</translation>
    </message>
    <message>
        <source>the second phone</source>
        <translation>le second téléphone</translation>
    </message>
    <message>
        <source>the notes</source>
        <translation>les notes</translation>
    </message>
    <message>
        <source>the date joined</source>
        <translation>la date d’adhésion</translation>
    </message>
    <message>
        <source>TD3&apos;s ID</source>
        <translation>l’identifiant TD3</translation>
    </message>
    <message>
        <source>the first day</source>
        <translation>le premier jour</translation>
    </message>
    <message>
        <source>the last day</source>
        <translation>le dernier jour</translation>
    </message>
    <message>
        <source>the league</source>
        <translation>la ligue</translation>
    </message>
    <message>
        <source>the season</source>
        <translation>la saison</translation>
    </message>
    <message>
        <source>the formula</source>
        <translation>la formule</translation>
    </message>
    <message>
        <source>the template</source>
        <translation>le modèle</translation>
    </message>
    <message>
        <source>Row {row}: {problem}</source>
        <translation>Ligne {row}&#x202f;: {problem}</translation>
    </message>
    <message>
        <source>This player has bought in: undo the buy-in or remove the entry instead</source>
        <translation>Ce joueur a payé son entrée&#xa0;: annulez l’achat ou retirez l’entrée à la place</translation>
    </message>
    <message>
        <source>The player must be here in person to buy chips (PKR4U 14)</source>
        <translation>Le joueur doit être là en personne pour acheter des jetons (PKR4U 14)</translation>
    </message>
    <message>
        <source>The clock starts with 2 players or more; players bought in so far: {players}</source>
        <translation>L’horloge démarre avec 2 joueurs ou plus&#x202f;; joueurs entrés jusqu’ici&#xa0;: {players}</translation>
    </message>
    <message>
        <source>No re-entry left: at most {max} per player</source>
        <translation>Plus de ré-entrée possible&#xa0;: {max} au plus par joueur</translation>
    </message>
    <message>
        <source>No rebuy left: at most {max} per entry</source>
        <translation>Plus de recave possible&#xa0;: {max} au plus par entrée</translation>
    </message>
    <message>
        <source>Too many players left for the final table: {players} for {size} seats</source>
        <translation>Trop de joueurs restants pour la table finale&#xa0;: {players} pour {size} sièges</translation>
    </message>
    <message>
        <source>The tournament cannot end while more than one player is left ({players_left}) or late registration is open</source>
        <translation>Le tournoi ne peut pas finir tant qu’il reste plus d’un joueur ({players_left}) ou que les inscriptions tardives sont ouvertes</translation>
    </message>
    <message>
        <source>The disk is full: free some space, nothing was lost</source>
        <translation>Le disque est plein&#xa0;: libérez de la place, rien n’a été perdu</translation>
    </message>
    <message>
        <source>This tournament is open in {holder}: close it there, or switch to that window</source>
        <translation>Ce tournoi est ouvert dans {holder}&#xa0;: fermez-le là-bas, ou passez à cette fenêtre</translation>
    </message>
    <message>
        <source>The file is on a medium that cannot be written: open it read-only, or copy it somewhere writable</source>
        <translation>Le fichier est sur un support qui ne peut pas être écrit&#xa0;: ouvrez-le en lecture seule, ou copiez-le dans un dossier modifiable</translation>
    </message>
    <message>
        <source>The file is marked as unchangeable by the system: lift that mark, or open it read-only</source>
        <translation>Le fichier est marqué comme non modifiable par le système&#xa0;: retirez cette marque, ou ouvrez-le en lecture seule</translation>
    </message>
    <message>
        <source>You may not write to this file or its folder: ask for the right to, or open it read-only</source>
        <translation>Vous n’avez pas le droit d’écrire dans ce fichier ou son dossier&#xa0;: demandez ce droit, ou ouvrez-le en lecture seule</translation>
    </message>
    <message>
        <source>That is a {kind}, not a file: choose the tournament file itself</source>
        <translation>C’est un {kind}, pas un fichier&#xa0;: choisissez le fichier du tournoi lui-même</translation>
    </message>
    <message>
        <source>This tournament is open read-only: nothing can be changed in it</source>
        <translation>Ce tournoi est ouvert en lecture seule&#xa0;: rien ne peut y être modifié</translation>
    </message>
</context>
<context>
    <name>events</name>
    <message>
        <source>tournament created</source>
        <translation>tournoi créé</translation>
    </message>
    <message>
        <source>registration</source>
        <translation>inscription</translation>
    </message>
    <message>
        <source>player corrected</source>
        <translation>joueur corrigé</translation>
    </message>
    <message>
        <source>registration taken back</source>
        <translation>inscription annulée</translation>
    </message>
    <message>
        <source>note on a player</source>
        <translation>note sur un joueur</translation>
    </message>
    <message>
        <source>buy-in</source>
        <translation>buy-in</translation>
    </message>
    <message>
        <source>re-entry</source>
        <translation>ré-entrée</translation>
    </message>
    <message>
        <source>put on the waiting list</source>
        <translation>inscrit sur la liste d’attente</translation>
    </message>
    <message>
        <source>taken off the waiting list</source>
        <translation>retiré de la liste d’attente</translation>
    </message>
    <message>
        <source>rebuy</source>
        <translation>recave</translation>
    </message>
    <message>
        <source>rebuy after a bust</source>
        <translation>recave après élimination</translation>
    </message>
    <message>
        <source>add-on</source>
        <translation>add-on</translation>
    </message>
    <message>
        <source>bust</source>
        <translation>élimination</translation>
    </message>
    <message>
        <source>move</source>
        <translation>déplacement</translation>
    </message>
    <message>
        <source>table opened</source>
        <translation>table ouverte</translation>
    </message>
    <message>
        <source>button placed</source>
        <translation>bouton placé</translation>
    </message>
    <message>
        <source>table broken</source>
        <translation>table cassée</translation>
    </message>
    <message>
        <source>table filled</source>
        <translation>table complétée</translation>
    </message>
    <message>
        <source>final table drawn</source>
        <translation>table finale tirée</translation>
    </message>
    <message>
        <source>clock</source>
        <translation>horloge</translation>
    </message>
    <message>
        <source>hand-for-hand ends</source>
        <translation>fin du main par main</translation>
    </message>
    <message>
        <source>hand-for-hand</source>
        <translation>main par main</translation>
    </message>
    <message>
        <source>penalty</source>
        <translation>pénalité</translation>
    </message>
    <message>
        <source>player on the clock</source>
        <translation>joueur sous horloge</translation>
    </message>
    <message>
        <source>disqualification or removal</source>
        <translation>disqualification ou exclusion</translation>
    </message>
    <message>
        <source>chip count</source>
        <translation>compte de jetons</translation>
    </message>
    <message>
        <source>announcement</source>
        <translation>annonce</translation>
    </message>
    <message>
        <source>chips removed</source>
        <translation>jetons retirés</translation>
    </message>
    <message>
        <source>settings changed</source>
        <translation>réglages modifiés</translation>
    </message>
    <message>
        <source>payouts edited</source>
        <translation>paiements modifiés</translation>
    </message>
    <message>
        <source>deal</source>
        <translation>deal</translation>
    </message>
    <message>
        <source>mystery envelopes fixed</source>
        <translation>enveloppes mystère fixées</translation>
    </message>
    <message>
        <source>mystery envelopes left paid</source>
        <translation>enveloppes mystère restantes payées</translation>
    </message>
    <message>
        <source>payment</source>
        <translation>paiement</translation>
    </message>
    <message>
        <source>stack abandoned</source>
        <translation>tapis abandonné</translation>
    </message>
    <message>
        <source>tournament finished</source>
        <translation>tournoi terminé</translation>
    </message>
    <message>
        <source>flight stopped</source>
        <translation>flight arrêté</translation>
    </message>
    <message>
        <source>chips bagged</source>
        <translation>jetons mis en sac</translation>
    </message>
    <message>
        <source>flight bagged</source>
        <translation>flight mis en sac</translation>
    </message>
    <message>
        <source>other flights read</source>
        <translation>autres flights lus</translation>
    </message>
    <message>
        <source>flight taken</source>
        <translation>flight repris</translation>
    </message>
    <message>
        <source>qualifier seated</source>
        <translation>qualifié placé</translation>
    </message>
    <message>
        <source>seat no longer held</source>
        <translation>ticket plus détenu</translation>
    </message>
    <message>
        <source>holds a seat already</source>
        <translation>détient déjà un ticket</translation>
    </message>
    <message>
        <source>satellite ended</source>
        <translation>satellite terminé</translation>
    </message>
    <message>
        <source>seat won</source>
        <translation>ticket gagné</translation>
    </message>
    <message>
        <source>satellite seats taken</source>
        <translation>tickets du satellite repris</translation>
    </message>
    <message>
        <source>undo</source>
        <translation>annulation</translation>
    </message>
    <message>
        <source>started</source>
        <translation>démarrée</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>en pause</translation>
    </message>
    <message>
        <source>resumed</source>
        <translation>reprise</translation>
    </message>
    <message>
        <source>next level</source>
        <translation>niveau suivant</translation>
    </message>
    <message>
        <source>previous level</source>
        <translation>niveau précédent</translation>
    </message>
    <message>
        <source>time changed</source>
        <translation>temps modifié</translation>
    </message>
    <message>
        <source>level chosen</source>
        <translation>niveau choisi</translation>
    </message>
    <message>
        <source>disqualified</source>
        <translation>disqualification</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>exclusion</translation>
    </message>
    <message>
        <source>ICM</source>
        <translation>ICM</translation>
    </message>
    <message>
        <source>chip chop</source>
        <translation>chip chop</translation>
    </message>
    <message>
        <source>amounts agreed</source>
        <translation>montants convenus</translation>
    </message>
    <message>
        <source>blind structure</source>
        <translation>structure des blindes</translation>
    </message>
    <message>
        <source>settings</source>
        <translation>réglages</translation>
    </message>
    <message>
        <source>players left reached</source>
        <translation>nombre de joueurs atteint</translation>
    </message>
    <message>
        <source>end of its level</source>
        <translation>fin de son niveau</translation>
    </message>
    <message>
        <source>stopped by the TD</source>
        <translation>arrêté par le directeur</translation>
    </message>
    <message>
        <source>left the list</source>
        <translation>a quitté la liste</translation>
    </message>
    <message>
        <source>late registration closed</source>
        <translation>fin de l’inscription tardive</translation>
    </message>
</context>
<context>
    <name>printing</name>
    <message>
        <source>Cash</source>
        <translation>Espèces</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Carte</translation>
    </message>
    <message>
        <source>Transfer</source>
        <translation>Virement</translation>
    </message>
    <message>
        <source>Voucher</source>
        <translation>Bon</translation>
    </message>
    <message>
        <source>Comp</source>
        <translation>Offert</translation>
    </message>
    <message>
        <source>Re-entry</source>
        <translation>Ré-entrée</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>Entrée</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <source>Satellite seat</source>
        <translation>Ticket de satellite</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Siège</translation>
    </message>
    <message>
        <source>Chips: {chips}</source>
        <translation>Jetons&#xa0;: {chips}</translation>
    </message>
    <message>
        <source>Seats are not transferable. Show this card at the table.</source>
        <translation>Les places ne sont pas cessibles. Présentez cette carte à la table.</translation>
    </message>
    <message>
        <source>Player (signature)</source>
        <translation>Joueur (signature)</translation>
    </message>
    <message>
        <source>Tournament director (signature)</source>
        <translation>Directeur du tournoi (signature)</translation>
    </message>
    <message>
        <source>Prize, place {place}</source>
        <translation>Gain, place {place}</translation>
    </message>
    <message>
        <source>Bounties won</source>
        <translation>Primes gagnées</translation>
    </message>
    <message>
        <source>Your new seat</source>
        <translation>Votre nouvelle place</translation>
    </message>
    <message>
        <source>Seating</source>
        <translation>Placement</translation>
    </message>
    <message>
        <source>The deal</source>
        <translation>L’accord</translation>
    </message>
    <message>
        <source>Kept back for the winner</source>
        <translation>Réservé au vainqueur</translation>
    </message>
    <message>
        <source>Final standings</source>
        <translation>Classement final</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Place</translation>
    </message>
    <message>
        <source>Prize</source>
        <translation>Gain</translation>
    </message>
    <message>
        <source>Points only: no money changed hands; the places give the league points.</source>
        <translation>Aux points&#xa0;: aucun argent n’a été en jeu&#x202f;; les places donnent les points du championnat.</translation>
    </message>
    <message>
        <source>seat to {target}, plus {cash} in cash</source>
        <translation>ticket pour {target}, plus {cash} en espèces</translation>
    </message>
    <message>
        <source>seat to {target}</source>
        <translation>ticket pour {target}</translation>
    </message>
    <message>
        <source>Mystery envelopes drawn</source>
        <translation>Enveloppes mystère tirées</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>Tirage</translation>
    </message>
    <message>
        <source>Knockout of</source>
        <translation>Élimination de</translation>
    </message>
    <message>
        <source>Envelope</source>
        <translation>Enveloppe</translation>
    </message>
    <message>
        <source>Won by</source>
        <translation>Gagnée par</translation>
    </message>
    <message>
        <source>the envelopes nobody drew</source>
        <translation>les enveloppes que personne n’a tirées</translation>
    </message>
    <message>
        <source>Paid before</source>
        <translation>Déjà payé</translation>
    </message>
    <message>
        <source>Payout slip</source>
        <translation>Reçu de paiement</translation>
    </message>
    <message>
        <source>Paid now ({method})</source>
        <translation>Payé maintenant ({method})</translation>
    </message>
    <message>
        <source>Received by (signature)</source>
        <translation>Reçu par (signature)</translation>
    </message>
    <message>
        <source>Paid by (cashier)</source>
        <translation>Payé par (caissier)</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>Entrées</translation>
    </message>
    <message>
        <source>Re-entries</source>
        <translation>Ré-entrées</translation>
    </message>
    <message>
        <source>Rebuys</source>
        <translation>Recaves</translation>
    </message>
    <message>
        <source>Add-ons</source>
        <translation>Add-ons</translation>
    </message>
    <message>
        <source>Prize pool parts</source>
        <translation>Parts de la dotation</translation>
    </message>
    <message>
        <source>Bounty parts</source>
        <translation>Parts des primes</translation>
    </message>
    <message>
        <source>Fees (house)</source>
        <translation>Frais (maison)</translation>
    </message>
    <message>
        <source>Prize pool</source>
        <translation>Dotation</translation>
    </message>
    <message>
        <source>Paid out</source>
        <translation>Versé</translation>
    </message>
    <message>
        <source>Still owed to players</source>
        <translation>Encore dû aux joueurs</translation>
    </message>
    <message>
        <source>No payouts yet</source>
        <translation>Aucun paiement pour l’instant</translation>
    </message>
    <message>
        <source>Counted by:</source>
        <translation>Compté par&#xa0;:</translation>
    </message>
    <message>
        <source>Checked by:</source>
        <translation>Vérifié par&#xa0;:</translation>
    </message>
    <message>
        <source>The drawer by payment method</source>
        <translation>La caisse par moyen de paiement</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Moyen</translation>
    </message>
    <message>
        <source>Movements</source>
        <translation>Mouvements</translation>
    </message>
    <message>
        <source>In</source>
        <translation>Entrées</translation>
    </message>
    <message>
        <source>Out</source>
        <translation>Sorties</translation>
    </message>
    <message>
        <source>Net</source>
        <translation>Net</translation>
    </message>
    <message>
        <source>The books</source>
        <translation>Les comptes</translation>
    </message>
    <message>
        <source>The field</source>
        <translation>Participation</translation>
    </message>
    <message>
        <source>Payouts</source>
        <translation>Paiements</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>End-of-night report: {tournament}</source>
        <translation>Rapport de fin de soirée&#xa0;: {tournament}</translation>
    </message>
    <message>
        <source>Cash expected in the drawer: {amount}</source>
        <translation>Espèces attendues dans la caisse&#xa0;: {amount}</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Montant</translation>
    </message>
    <message>
        <source>From</source>
        <translation>De</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Vers</translation>
    </message>
    <message>
        <source>table {table} seat {seat}</source>
        <translation>table {table} siège {seat}</translation>
    </message>
    <message>
        <source>Started {time}</source>
        <translation>Début {time}</translation>
    </message>
    <message>
        <source>ended {time}</source>
        <translation>fin {time}</translation>
    </message>
    <message>
        <source>{levels} levels played</source>
        <translation>{levels} niveaux joués</translation>
    </message>
</context>
<context>
    <name>setting_words</name>
    <message>
        <source>the small blind</source>
        <translation>la petite blinde</translation>
    </message>
    <message>
        <source>the big blind</source>
        <translation>la grosse blinde</translation>
    </message>
    <message>
        <source>the ante</source>
        <translation>l’ante</translation>
    </message>
    <message>
        <source>the ante kind</source>
        <translation>le type d’ante</translation>
    </message>
    <message>
        <source>the length in minutes</source>
        <translation>la durée en minutes</translation>
    </message>
    <message>
        <source>the break&apos;s length in minutes</source>
        <translation>la durée de la pause en minutes</translation>
    </message>
    <message>
        <source>a colour-up chip</source>
        <translation>un jeton du changement de jetons</translation>
    </message>
    <message>
        <source>the tournament&apos;s name</source>
        <translation>le nom du tournoi</translation>
    </message>
    <message>
        <source>the last level of late registration</source>
        <translation>le dernier niveau des inscriptions tardives</translation>
    </message>
    <message>
        <source>the re-entries per player</source>
        <translation>le nombre de ré-entrées par joueur</translation>
    </message>
    <message>
        <source>the last level of rebuys</source>
        <translation>le dernier niveau des recaves</translation>
    </message>
    <message>
        <source>the last level of the early-bird bonus</source>
        <translation>le dernier niveau du bonus early bird</translation>
    </message>
    <message>
        <source>the add-on&apos;s break</source>
        <translation>la pause de l’add-on</translation>
    </message>
    <message>
        <source>the seats per table</source>
        <translation>le nombre de sièges par table</translation>
    </message>
    <message>
        <source>the final table&apos;s size</source>
        <translation>la taille de la table finale</translation>
    </message>
    <message>
        <source>the balance tolerance</source>
        <translation>la tolérance d’équilibrage</translation>
    </message>
    <message>
        <source>the players a table stops at</source>
        <translation>le nombre de joueurs où une table s’arrête</translation>
    </message>
    <message>
        <source>the pay jumps played hand-for-hand</source>
        <translation>les paliers de gains joués main par main</translation>
    </message>
    <message>
        <source>the bounty&apos;s cash share</source>
        <translation>la part de la prime payée en espèces</translation>
    </message>
    <message>
        <source>the added money</source>
        <translation>l’argent ajouté</translation>
    </message>
    <message>
        <source>the guaranteed prize pool</source>
        <translation>la dotation garantie</translation>
    </message>
    <message>
        <source>the amount each prize is a multiple of</source>
        <translation>le montant dont chaque prix est un multiple</translation>
    </message>
    <message>
        <source>the currency</source>
        <translation>la monnaie</translation>
    </message>
    <message>
        <source>the date</source>
        <translation>la date</translation>
    </message>
    <message>
        <source>the starting stack</source>
        <translation>le tapis de départ</translation>
    </message>
    <message>
        <source>the buy-in</source>
        <translation>le buy-in</translation>
    </message>
    <message>
        <source>a re-entry&apos;s price</source>
        <translation>le prix d’une ré-entrée</translation>
    </message>
    <message>
        <source>a rebuy&apos;s price</source>
        <translation>le prix d’une recave</translation>
    </message>
    <message>
        <source>the add-on&apos;s price</source>
        <translation>le prix de l’add-on</translation>
    </message>
    <message>
        <source>a re-entry&apos;s chips</source>
        <translation>les jetons d’une ré-entrée</translation>
    </message>
    <message>
        <source>a rebuy&apos;s chips</source>
        <translation>les jetons d’une recave</translation>
    </message>
    <message>
        <source>the add-on&apos;s chips</source>
        <translation>les jetons de l’add-on</translation>
    </message>
    <message>
        <source>the early-bird chips</source>
        <translation>les jetons de l’early bird</translation>
    </message>
    <message>
        <source>the tables</source>
        <translation>les tables</translation>
    </message>
    <message>
        <source>a chip&apos;s value</source>
        <translation>la valeur d’un jeton</translation>
    </message>
    <message>
        <source>a chip&apos;s colour</source>
        <translation>la couleur d’un jeton</translation>
    </message>
    <message>
        <source>the buy-in&apos;s prize pool part</source>
        <translation>la part du buy-in pour le prize pool</translation>
    </message>
    <message>
        <source>the buy-in&apos;s bounty</source>
        <translation>la prime du buy-in</translation>
    </message>
    <message>
        <source>the buy-in&apos;s fee</source>
        <translation>les frais du buy-in</translation>
    </message>
    <message>
        <source>a re-entry&apos;s prize pool part</source>
        <translation>la part d’une ré-entrée pour le prize pool</translation>
    </message>
    <message>
        <source>a re-entry&apos;s bounty</source>
        <translation>la prime d’une ré-entrée</translation>
    </message>
    <message>
        <source>a re-entry&apos;s fee</source>
        <translation>les frais d’une ré-entrée</translation>
    </message>
    <message>
        <source>a rebuy&apos;s prize pool part</source>
        <translation>la part d’une recave pour le prize pool</translation>
    </message>
    <message>
        <source>a rebuy&apos;s fee</source>
        <translation>les frais d’une recave</translation>
    </message>
    <message>
        <source>the add-on&apos;s prize pool part</source>
        <translation>la part de l’add-on pour le prize pool</translation>
    </message>
    <message>
        <source>the add-on&apos;s fee</source>
        <translation>les frais de l’add-on</translation>
    </message>
    <message>
        <source>the rebuys per entry</source>
        <translation>le nombre de recaves par entrée</translation>
    </message>
    <message>
        <source>the stack a rebuy is sold at or below</source>
        <translation>le tapis en dessous duquel une recave est vendue</translation>
    </message>
    <message>
        <source>the add-ons per entry</source>
        <translation>le nombre d’add-ons par entrée</translation>
    </message>
    <message>
        <source>the level or the players left the envelopes start at</source>
        <translation>le niveau ou le nombre de joueurs restants où commencent les enveloppes</translation>
    </message>
    <message>
        <source>{what} must be a whole number, not “{value}”</source>
        <translation>{what} doit être un nombre entier, pas «&#xa0;{value}&#xa0;»</translation>
    </message>
    <message>
        <source>{what} is empty: type a whole number</source>
        <translation>{what} est vide&#xa0;: tapez un nombre entier</translation>
    </message>
    <message>
        <source>{what} must be at least {minimum}</source>
        <translation>{what} doit valoir au moins {minimum}</translation>
    </message>
    <message>
        <source>{what} can be {maximum} at most</source>
        <translation>{what} ne peut pas dépasser {maximum}</translation>
    </message>
    <message>
        <source>{what} is more money than a tournament can hold: check the amount</source>
        <translation>{what} est une somme plus grande qu’un tournoi ne peut en tenir&#xa0;: vérifiez le montant</translation>
    </message>
    <message>
        <source>{what} is missing</source>
        <translation>{what} manque</translation>
    </message>
    <message>
        <source>{what} cannot be empty</source>
        <translation>{what} ne peut pas être vide</translation>
    </message>
    <message>
        <source>{what} is longer than {max_len} characters</source>
        <translation>{what} dépasse {max_len} caractères</translation>
    </message>
    <message>
        <source>{what} cannot hold a tab or a line break</source>
        <translation>{what} ne peut contenir ni tabulation ni retour à la ligne</translation>
    </message>
    <message>
        <source>the big blind ({big_blind}) must be more than the small blind ({small_blind})</source>
        <translation>la grosse blinde ({big_blind}) doit dépasser la petite blinde ({small_blind})</translation>
    </message>
    <message>
        <source>an ante of {ante} needs an ante kind (every player, or big blind ante)</source>
        <translation>une ante de {ante} demande un type d’ante (chaque joueur, ou ante grosse blinde)</translation>
    </message>
    <message>
        <source>the ante cannot be 0 with the ante kind “{ante_kind}”</source>
        <translation>l’ante ne peut pas être 0 avec le type d’ante «&#xa0;{ante_kind}&#xa0;»</translation>
    </message>
    <message>
        <source>The structure needs at least one level of play</source>
        <translation>La structure doit compter au moins un niveau de jeu</translation>
    </message>
    <message>
        <source>The structure must open with a level of play, not a break</source>
        <translation>La structure doit commencer par un niveau de jeu, pas par une pause</translation>
    </message>
    <message>
        <source>the structure must end with a level of play: the last level is played on when the structure runs out</source>
        <translation>la structure doit finir par un niveau de jeu&#xa0;: le dernier niveau se prolonge quand la structure est épuisée</translation>
    </message>
    <message>
        <source>the colour-up takes off chips of {value}, which this chip set does not have</source>
        <translation>le changement de jetons retire des jetons de {value}, que cette mallette n’a pas</translation>
    </message>
    <message>
        <source>the add-on is taken at the break after level {value}, but no break follows level {value} any more</source>
        <translation>l’add-on se prend à la pause après le niveau {value}, mais aucune pause ne suit plus le niveau {value}</translation>
    </message>
    <message>
        <source>{what} must cost something: its prize pool, bounty and fee are all 0</source>
        <translation>{what} doit coûter quelque chose&#xa0;: sa part au prize pool, sa prime et ses frais sont tous à 0</translation>
    </message>
    <message>
        <source>{what} must be three capital letters, like EUR</source>
        <translation>{what} doit être trois lettres capitales, comme EUR</translation>
    </message>
    <message>
        <source>{what} must be a day written like 2026-12-04</source>
        <translation>{what} doit être un jour écrit comme 2026-12-04</translation>
    </message>
    <message>
        <source>{what} {value} is not a day of the calendar</source>
        <translation>{what} {value} n’est pas un jour du calendrier</translation>
    </message>
    <message>
        <source>the chip set lists the value {value} twice</source>
        <translation>la mallette compte deux fois la valeur {value}</translation>
    </message>
    <message>
        <source>the buy-in has a bounty part, but the tournament has no bounties: choose fixed or progressive</source>
        <translation>le buy-in a une part de prime, mais le tournoi n’a pas de primes&#xa0;: choisissez fixe ou progressif</translation>
    </message>
    <message>
        <source>a bounty tournament needs a bounty part in the buy-in</source>
        <translation>un tournoi à primes demande une part de prime dans le buy-in</translation>
    </message>
    <message>
        <source>a re-entry&apos;s price has a bounty part exactly when the buy-in&apos;s does</source>
        <translation>le prix d’une ré-entrée a une part de prime exactement quand celui du buy-in en a une</translation>
    </message>
    <message>
        <source>{what} carries no bounty: a rebuy or an add-on buys chips, not a head</source>
        <translation>{what} ne porte pas de prime&#xa0;: une recave ou un add-on achète des jetons, pas une tête</translation>
    </message>
    <message>
        <source>{what} lists a table twice</source>
        <translation>{what} comptent une table deux fois</translation>
    </message>
    <message>
        <source>{what} must be places, like 18; 9</source>
        <translation>{what} doivent être des places, comme 18&#xa0;; 9</translation>
    </message>
    <message>
        <source>{what} list place {value} twice</source>
        <translation>{what} citent deux fois la place {value}</translation>
    </message>
    <message>
        <source>the shares add up to {total} %, not 100 %</source>
        <translation>les parts font {total}&#xa0;%, pas 100&#xa0;%</translation>
    </message>
    <message>
        <source>a lower place never pays more than a higher one</source>
        <translation>une place plus basse ne paie jamais plus qu’une plus haute</translation>
    </message>
    <message>
        <source>no ante</source>
        <translation>pas d’ante</translation>
    </message>
    <message>
        <source>every player</source>
        <translation>chaque joueur</translation>
    </message>
    <message>
        <source>big blind ante</source>
        <translation>ante grosse blinde</translation>
    </message>
    <message>
        <source>Level {level}: {problem}</source>
        <translation>Niveau {level}&#xa0;: {problem}</translation>
    </message>
    <message>
        <source>The break after level {level}: {problem}</source>
        <translation>Pause après le niveau {level}&#xa0;: {problem}</translation>
    </message>
</context>
<context>
    <name>sync</name>
    <message>
        <source>Not synced: no website set</source>
        <translation>Non synchronisé&#xa0;: aucun site web défini</translation>
    </message>
    <message>
        <source>Synced</source>
        <translation>Synchronisé</translation>
    </message>
    <message>
        <source>Offline since {time}</source>
        <translation>Hors ligne depuis {time}</translation>
    </message>
    <message>
        <source>{error}; next try at {time}</source>
        <translation>{error}&#x202f;; nouvel essai à {time}</translation>
    </message>
    <message>
        <source>Sync stopped: {error}</source>
        <translation>Synchronisation arrêtée&#xa0;: {error}</translation>
    </message>
    <message>
        <source>1 event waiting</source>
        <translation>1 événement en attente</translation>
    </message>
    <message>
        <source>{count} events waiting</source>
        <translation>{count} événements en attente</translation>
    </message>
    <message>
        <source>Sync starting…</source>
        <translation>Démarrage de la synchronisation…</translation>
    </message>
    <message>
        <source>No website set</source>
        <translation>Aucun site web défini</translation>
    </message>
    <message>
        <source>acknowledged up to event #{acked} of {last}</source>
        <translation>reçu jusqu’à l’événement n° {acked} sur {last}</translation>
    </message>
    <message>
        <source>Double-click to try again</source>
        <translation>Double-cliquez pour réessayer</translation>
    </message>
    <message>
        <source>Sync stopped: the website holds another history of this tournament from event #{seq}: this file was restored from a backup, or copied</source>
        <translation>Synchronisation arrêtée&#xa0;: le site web détient une autre histoire de ce tournoi à partir de l’événement n° {seq}&#xa0;: ce fichier a été restauré depuis une sauvegarde, ou copié</translation>
    </message>
    <message>
        <source>To publish this file&apos;s history as the true one: Results website, Replace the website&apos;s history</source>
        <translation>Pour publier l’histoire de ce fichier comme la vraie&#xa0;: Site des résultats, Remplacer l’histoire du site web</translation>
    </message>
</context>
</TS>
