; Dungeon: a maze with keys and locked doors: walk through a grid maze, pick up keys, unlock doors (a grid-navigation
; formalism in the style of IPC grid; text written for gensim_gym).
(define (domain dungeon)
  (:requirements :strips :typing :negative-preconditions :existential-preconditions)
  (:types cell key)
  (:predicates (at ?c - cell) (adjacent ?a - cell ?b - cell) (locked ?c - cell) (key-at ?k - key ?c - cell)
               (has ?k - key) (opens ?k - key ?c - cell))
  (:action move
    :parameters (?from - cell ?to - cell)
    :precondition (and (at ?from) (adjacent ?from ?to) (not (locked ?to)))
    :effect (and (at ?to) (not (at ?from))))
  (:action pick-key
    :parameters (?k - key ?c - cell)
    :precondition (and (at ?c) (key-at ?k ?c))
    :effect (and (has ?k) (not (key-at ?k ?c))))
  (:action unlock
    :parameters (?from - cell ?to - cell)
    :precondition (and (at ?from) (adjacent ?from ?to) (locked ?to) (exists (?k - key) (and (has ?k) (opens ?k ?to))))
    :effect (not (locked ?to))))
