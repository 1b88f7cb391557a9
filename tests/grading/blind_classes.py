"""Las clases apartadas del informe de parecidos (``test_copies_blind_classes``), por su nombre en castellano."""

import copies_class_eighth
import copies_class_eighteenth
import copies_class_fifteenth
import copies_class_fifth
import copies_class_fourth
import copies_class_eleventh
import copies_class_fourteenth
import copies_class_nineteenth
import copies_class_ninth
import copies_class_seventeenth
import copies_class_seventh
import copies_class_sixteenth
import copies_class_sixth
import copies_class_tenth
import copies_class_third
import copies_class_thirteenth
import copies_class_twelfth
import copies_class_twentieth
import copies_class_twentyfirst
import copies_class_twentysecond
import copies_class_twentythird
import copies_class_twentyfourth
import copies_class_twentyfifth
import copies_class_twentysixth
import copies_class_twentyseventh
import copies_class_twentyeighth
import copies_class_twentyninth
import copies_class_thirtieth

CLASSES = {"tercera": copies_class_third, "cuarta": copies_class_fourth, "quinta": copies_class_fifth,
           "sexta": copies_class_sixth, "séptima": copies_class_seventh, "octava": copies_class_eighth,
           "novena": copies_class_ninth, "décima": copies_class_tenth, "undécima": copies_class_eleventh,
           "duodécima": copies_class_twelfth, "decimotercera": copies_class_thirteenth,
           "decimocuarta": copies_class_fourteenth, "decimoquinta": copies_class_fifteenth,
           "decimosexta": copies_class_sixteenth, "decimoséptima": copies_class_seventeenth,
           "decimoctava": copies_class_eighteenth, "decimonovena": copies_class_nineteenth,
           "vigésima": copies_class_twentieth, "vigesimoprimera": copies_class_twentyfirst,
           "vigesimosegunda": copies_class_twentysecond, "vigesimotercera": copies_class_twentythird,
           "vigesimocuarta": copies_class_twentyfourth, "vigesimoquinta": copies_class_twentyfifth,
           "vigesimosexta": copies_class_twentysixth, "vigesimoséptima": copies_class_twentyseventh,
           "vigesimoctava": copies_class_twentyeighth, "vigesimonovena": copies_class_twentyninth,
           "trigésima": copies_class_thirtieth}
