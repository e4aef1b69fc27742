/* fatekit page bundle of sources 523856e3d07893eb56da6d7b4a4b8d1d6f658f8f72ea8d82495e58a86407e06f */
import{M as a,N as b,O as c,P as d,Q as e,R as f,S as g,T as h,U as i,V as j,W as k,X as l,Y as m,Z as n}from"./chunk-PIYPNYPE.js";export{a as app,j as errorText,g as notify,e as openSeat,k as pressed,h as redraw,i as ruleReason,c as seatExtras,b as seatView,n as send,m as showError,l as showErrorBeside,f as subscribe,d as tablePreset};
//# sourceMappingURL=/web/bundle/store.js.map
