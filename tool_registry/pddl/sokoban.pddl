; Sokoban: a player pushes boxes around a grid (IPC-2008 formalism, simplified to one push relation over
; cells in a line; text written for gensim_gym).
(define (domain sokoban)
  (:requirements :strips :typing)
  (:types cell box)
  (:predicates (player-at ?c - cell) (box-at ?b - box ?c - cell) (clear ?c - cell)
               (adjacent ?a - cell ?b - cell) (in-line ?a - cell ?b - cell ?c - cell))
  (:action move
    :parameters (?from - cell ?to - cell)
    :precondition (and (player-at ?from) (adjacent ?from ?to) (clear ?to))
    :effect (and (player-at ?to) (not (player-at ?from)) (clear ?from) (not (clear ?to))))
  (:action push
    :parameters (?b - box ?from - cell ?at - cell ?to - cell)
    :precondition (and (player-at ?from) (box-at ?b ?at) (clear ?to) (in-line ?from ?at ?to))
    :effect (and (player-at ?at) (not (player-at ?from)) (clear ?from) (box-at ?b ?to) (not (box-at ?b ?at))
                 (not (clear ?to)))))
