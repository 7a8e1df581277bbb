; Transport (the Logistics formalism): trucks within cities and airplanes between airports deliver packages (IPC-1998/2000
; formalism, typed with a hierarchy; text written for gensim_gym).
(define (domain transport)
  (:requirements :strips :typing)
  (:types truck airplane - vehicle
          package vehicle - physobj
          airport location - place
          city place physobj - object)
  (:predicates (in-city ?loc - place ?city - city) (at ?obj - physobj ?loc - place) (in ?pkg - package ?veh - vehicle))
  (:action load-truck
    :parameters (?pkg - package ?truck - truck ?loc - place)
    :precondition (and (at ?truck ?loc) (at ?pkg ?loc))
    :effect (and (not (at ?pkg ?loc)) (in ?pkg ?truck)))
  (:action load-airplane
    :parameters (?pkg - package ?plane - airplane ?loc - airport)
    :precondition (and (at ?pkg ?loc) (at ?plane ?loc))
    :effect (and (not (at ?pkg ?loc)) (in ?pkg ?plane)))
  (:action unload-truck
    :parameters (?pkg - package ?truck - truck ?loc - place)
    :precondition (and (at ?truck ?loc) (in ?pkg ?truck))
    :effect (and (not (in ?pkg ?truck)) (at ?pkg ?loc)))
  (:action unload-airplane
    :parameters (?pkg - package ?plane - airplane ?loc - airport)
    :precondition (and (in ?pkg ?plane) (at ?plane ?loc))
    :effect (and (not (in ?pkg ?plane)) (at ?pkg ?loc)))
  (:action drive-truck
    :parameters (?truck - truck ?from - place ?to - place ?city - city)
    :precondition (and (at ?truck ?from) (in-city ?from ?city) (in-city ?to ?city))
    :effect (and (not (at ?truck ?from)) (at ?truck ?to)))
  (:action fly-airplane
    :parameters (?plane - airplane ?from - airport ?to - airport)
    :precondition (at ?plane ?from)
    :effect (and (not (at ?plane ?from)) (at ?plane ?to))))
