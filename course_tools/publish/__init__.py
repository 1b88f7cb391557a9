"""La construcción: release/ y notebooks/ desde source/, los preprocesadores del release y el trabajo del autor."""
