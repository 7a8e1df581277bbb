; Sokoban: a player pushes boxes around a grid (IPC-2008 formalism, simplified to one push relation over
; cells in a line; text written for gensim_gym).
; in-line is derived from two binary relations (adjacent, and two-apart: two cells of one row or column with one
; cell between) rather than stored: a stored ternary relation grounds to cells^3 facts, which with push's
; box x cells^3 calls puts a grid of 11 cells and 3 boxes past the spec's bound on calls x facts.
(define (domain sokoban)
  (:requirements :strips :typing :derived-predicates)
  (:types cell box)
  (:predicates (player-at ?c - cell) (box-at ?b - box ?c - cell) (clear ?c - cell)
               (adjacent ?a - cell ?b - cell) (two-apart ?a - cell ?c - cell)
               (in-line ?a - cell ?b - cell ?c - cell))
  (:derived (in-line ?a - cell ?b - cell ?c - cell)
    (and (adjacent ?a ?b) (adjacent ?b ?c) (two-apart ?a ?c)))
  (:action move
    :parameters (?from - cell ?to - cell)
    :precondition (and (player-at ?from) (adjacent ?from ?to) (clear ?to))
    :effect (and (player-at ?to) (not (player-at ?from)) (clear ?from) (not (clear ?to))))
  (:action push
    :parameters (?b - box ?from - cell ?at - cell ?to - cell)
    :precondition (and (player-at ?from) (box-at ?b ?at) (clear ?to) (in-line ?from ?at ?to))
    :effect (and (player-at ?at) (not (player-at ?from)) (clear ?from) (box-at ?b ?to) (not (box-at ?b ?at))
                 (not (clear ?to)))))
