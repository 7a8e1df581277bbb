; Tireworld, deterministic: a car drives on roads, rough roads flatten its tire, spares can be loaded
; and changed (after the IPC-2004/2006 probabilistic formalism, with the flat tire made a conditional
; effect of rough roads; text written for gensim_gym).
(define (domain tireworld)
  (:requirements :strips :typing :negative-preconditions :conditional-effects)
  (:types location)
  (:predicates (vehicle-at ?l - location) (road ?from - location ?to - location) (rough ?from - location ?to - location)
               (spare-in ?l - location) (has-spare) (flat-tire))
  (:action move-car
    :parameters (?from - location ?to - location)
    :precondition (and (vehicle-at ?from) (road ?from ?to) (not (flat-tire)))
    :effect (and (vehicle-at ?to) (not (vehicle-at ?from)) (when (rough ?from ?to) (flat-tire))))
  (:action load-tire
    :parameters (?l - location)
    :precondition (and (vehicle-at ?l) (spare-in ?l) (not (has-spare)))
    :effect (and (has-spare) (not (spare-in ?l))))
  (:action change-tire
    :parameters ()
    :precondition (and (has-spare) (flat-tire))
    :effect (and (not (has-spare)) (not (flat-tire)))))
