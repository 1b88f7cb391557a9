"""La disposición del curso en disco (``CourseLayout`` sobre el ``CourseDirectory`` de nbgrader) y lo que el curso cambia de nbgrader."""
