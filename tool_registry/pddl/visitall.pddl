; Visit-all: a robot on a grid must visit cells (IPC-2011 formalism; text written for gensim_gym).
(define (domain visitall)
  (:requirements :strips :typing)
  (:types cell)
  (:predicates (at-robot ?c - cell) (visited ?c - cell) (connected ?a - cell ?b - cell))
  (:action move
    :parameters (?from - cell ?to - cell)
    :precondition (and (at-robot ?from) (connected ?from ?to))
    :effect (and (at-robot ?to) (not (at-robot ?from)) (visited ?to))))
