<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="antics_terrain" tilewidth="40" tileheight="40" tilecount="6" columns="6">
 <image source="antics_terrain.png" width="240" height="40"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="flower"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="grass"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="water"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="pebble"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="stone"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="table"/>
  </properties>
 </tile>
</tileset>
